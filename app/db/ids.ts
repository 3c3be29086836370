import { v7 as uuidv7 } from "uuid";

/**
 * The id of a row written on the hot path (events, queued orders, outbox rows, attempts): a
 * time-ordered UUID (RFC 9562 version 7). Rows written together sit side by side in the
 * primary-key index, so an insert touches the index's last pages instead of a random one:
 * far fewer pages to write per transaction (docs/architecture.md#an-order-webhook-to-a-delivered-alert).
 */
export const newRowId = (): string => uuidv7();
