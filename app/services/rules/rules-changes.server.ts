/**
 * Rule and settings changes between app processes on PostgreSQL
 * (docs/architecture.md#sqlite-and-postgresql): the process that changes a shop's
 * rules sends NOTIFY on RULES_CHANNEL with the shop's id; every process LISTENs on a connection
 * of its own and forgets that shop's cached rules when it hears it. A lost listening connection
 * is opened again with a growing delay, and everything cached is forgotten then, since changes
 * made meanwhile were not heard. Never throws: a failure is logged.
 */
import type pg from "pg";
import { postgresPool } from "../../db/postgres-pool.server";
import { backoffDelayMs } from "../../domain/backoff";
import type { Logger } from "../../logger.server";
import { forgetLocally } from "./cache.server";

export const RULES_CHANNEL = "margin_guardrail_rules";
/** Stands for "every shop" in a notification (a change to no one shop). */
const ALL_SHOPS = "*";

export interface RulesListener {
  /** Tells the other app processes that a shop's rules (or all shops', null) changed. */
  announce(shopId: string | null): void;
  stop(): Promise<void>;
}

/**
 * Listens for other processes' rule changes; its `announce` tells them this one's
 * (app/background.server.ts boots it, app/services/booted-workers.server.ts reaches it). Null on SQLite.
 */
export function startRulesListener(logger: Logger): RulesListener | null {
  const pool = postgresPool();
  if (!pool) return null;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const announce = (shopId: string | null) => {
    if (stopped) return;
    pool
      .query("SELECT pg_notify($1, $2)", [RULES_CHANNEL, shopId ?? ALL_SHOPS])
      .catch((error: unknown) =>
        logger.error("Announcing a rule change to the other app processes failed", { shop: shopId, err: error }),
      );
  };

  const reconnect = () => {
    if (stopped || retry) return;
    failures += 1;
    const delay = backoffDelayMs(failures, { baseMs: 500, capMs: 30_000 });
    logger.error(`Listening for rule changes stopped; listening again in ${delay} ms`);
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, delay);
    retry.unref();
  };

  const listen = async () => {
    try {
      const connection = await pool.connect();
      if (stopped) return connection.release();
      client = connection;
      connection.on("notification", (message) => {
        if (message.channel !== RULES_CHANNEL) return;
        forgetLocally(message.payload === ALL_SHOPS ? null : message.payload);
      });
      const lost = (error: Error) => {
        if (client !== connection) return;
        client = null;
        logger.error("The rule changes connection was lost", { err: error });
        connection.release(error);
        reconnect();
      };
      connection.on("error", lost);
      connection.on("end", () => lost(new Error("the server closed the connection")));
      await connection.query(`LISTEN ${RULES_CHANNEL}`);
      // changes made while this process was not listening were not heard
      forgetLocally(null);
      failures = 0;
    } catch (error) {
      logger.error("Listening for rule changes failed", { err: error });
      reconnect();
    }
  };
  void listen();

  return {
    announce,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = null;
      if (!connection) return;
      try {
        await connection.query(`UNLISTEN ${RULES_CHANNEL}`);
      } catch {
        // the connection is going anyway
      }
      connection.release();
    },
  };
}
