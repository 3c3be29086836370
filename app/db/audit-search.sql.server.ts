/**
 * The Audit Log's search box as SQL (docs/architecture.md#audit-log-search). What a search
 * finds is fixed: an order name ("#1234") is a prefix of "orderName"; any other text is a
 * substring of the lower-case "searchText" (`LIKE '%q%'`, with %, _ and \ taken literally). How
 * it is found is chosen per search, and every choice answers exactly the same rows:
 * - on SQLite, a search of 3 characters or more first asks the trigram index "AuditSearch"
 *   (prisma/migrations/20261126000100_audit_search_index) how many events may hold it. Up to
 *   INDEX_CANDIDATE_LIMIT, the query reads only those events and tests LIKE on each; more, and
 *   the text is common enough that reading the shop's events newest first finds a page soon, so
 *   it scans as before. Shorter searches have no trigram to look up: they scan.
 * - on PostgreSQL the LIKE is the whole condition: a GIN trigram index (pg_trgm) serves it and
 *   PostgreSQL's planner chooses between it and the newest-first scan.
 */
import type { Prisma } from "@prisma/client";
import prisma from "./client.server";
import { sql, sqlEngine } from "./columns";

/** A search for an order by its name: "#" and digits. */
export const ORDER_NAME_SEARCH = /^#\d{1,19}$/;

/**
 * Above this many possible events in the index, a search scans instead. Reading a candidate
 * costs about what scanning 5 events does (a lookup by rowid against a step along an index),
 * and a text in more than this many events is common enough to fill a page of 50 early.
 */
export const INDEX_CANDIDATE_LIMIT = 2000;

/** At most this many of a search's trigrams are asked of the index (all must be in an event). */
const MAX_TRIGRAMS = 12;

/** How a search reads the events: the order-name index, the trigram index, or a scan. */
export type AuditSearchPlan = "order-name" | "index" | "scan";

/** The LIKE pattern of a search: lower case, its %, _ and \ escaped with \. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The index query that finds every event whose text may contain `q`: each of (up to
 * MAX_TRIGRAMS of) its distinct trigrams, quoted, all required. Null when the index cannot
 * help: fewer than 3 characters, or a NUL (SQLite's LIKE ends its pattern there).
 */
export function trigramQuery(q: string): string | null {
  const characters = [...q.toLowerCase()];
  if (characters.length < 3 || q.includes("\0")) return null;
  const trigrams = [...new Set(characters.slice(0, -2).map((_, index) => characters.slice(index, index + 3).join("")))];
  // evenly spread over the search, the first and the last kept
  const chosen =
    trigrams.length <= MAX_TRIGRAMS
      ? trigrams
      : Array.from(
          { length: MAX_TRIGRAMS },
          (_, index) => trigrams[Math.round((index * (trigrams.length - 1)) / (MAX_TRIGRAMS - 1))],
        );
  return [...new Set(chosen)].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(" AND ");
}

/** The condition of a search: what it finds, however the events are read. */
export function auditSearchCondition(q: string): Prisma.Sql {
  if (ORDER_NAME_SEARCH.test(q)) {
    // "#1234" finds that order and the orders whose names continue it (#12345), on the
    // (shopId, orderName) index instead of a scan of the shop's search text
    return sql`"orderName" >= ${q} AND "orderName" < ${`${q}\uffff`}`;
  }
  return sql`"searchText" LIKE ${likePattern(q)} ESCAPE '\\'`;
}

/**
 * What a search's query reads FROM: "AuditEvent", or with the index plan on SQLite the events
 * the trigram index names, joined first. CROSS JOIN keeps SQLite from starting at the shop's
 * (shopId, createdAt, id) index instead, as it would without ANALYZE's statistics; the
 * condition (auditSearchCondition) then tests LIKE on each event read. Select "AuditEvent".*.
 */
export function auditSearchSource(q: string | undefined, plan: AuditSearchPlan | undefined): Prisma.Sql {
  const indexed = q && plan === "index" && sqlEngine() === "sqlite" && !ORDER_NAME_SEARCH.test(q);
  const match = indexed ? trigramQuery(q) : null;
  if (!match) return sql`"AuditEvent"`;
  return sql`(SELECT rowid AS "hit" FROM "AuditSearch" WHERE "AuditSearch" MATCH ${match}) AS "AuditSearchHit"
    CROSS JOIN "AuditEvent" ON "AuditEvent".rowid = "AuditSearchHit"."hit"`;
}

type Reader = Pick<typeof prisma, "$queryRaw">;

/** How to read the events a search finds (see the top of this file); undefined without a search. */
export async function planAuditSearch(
  q: string | undefined,
  db: Reader = prisma,
): Promise<AuditSearchPlan | undefined> {
  if (!q) return undefined;
  if (ORDER_NAME_SEARCH.test(q)) return "order-name";
  const match = sqlEngine() === "sqlite" ? trigramQuery(q) : null;
  if (!match) return "scan";
  const [{ candidates }] = await db.$queryRaw<{ candidates: number | bigint }[]>`
    SELECT COUNT(*) AS "candidates" FROM (
      SELECT 1 FROM "AuditSearch" WHERE "AuditSearch" MATCH ${match} LIMIT ${INDEX_CANDIDATE_LIMIT + 1}
    ) AS "possible"`;
  return Number(candidates) <= INDEX_CANDIDATE_LIMIT ? "index" : "scan";
}
