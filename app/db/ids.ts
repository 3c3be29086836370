import { v7 as uuidv7 } from "uuid";

/**
 * The id of a row written on the hot path (events, queued orders, outbox rows, attempts): a
 * time-ordered UUID (RFC 9562 version 7). Rows written together sit side by side in the
 * primary-key index, so an insert touches the index's last pages instead of a random one:
 * far fewer pages to write per transaction (docs/decisions/0013-alert-delivery.md).
 */
export const newRowId = (): string => uuidv7();
