import crypto from "node:crypto";

/**
 * This app process's name on the work it claims, the order queue's and the alert outbox's rows
 * (docs/architecture.md#sqlite-and-postgresql): unique among the processes sharing a database.
 */
export const PROCESS_ID = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
