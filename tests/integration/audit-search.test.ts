// The Audit Log's text search on its trigram index (docs/architecture.md#audit-log-search):
// whichever way a search is read (the index, or the scan it replaces) it answers the same events,
// and the index stays in step with every write. Runs on SQLite and, with npm run test:postgres,
// on PostgreSQL.
import { seededRandom } from "../../app/domain/seeded-random";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { recordAuditEvents, type NewAuditEvent } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import { auditConditions, selectAuditEvents, type AuditFilter } from "../../app/db/audit-events.sql.server";
import {
  INDEX_CANDIDATE_LIMIT,
  auditSearchSource,
  planAuditSearch,
  trigramQuery,
  type AuditSearchPlan,
} from "../../app/db/audit-search.sql.server";
import { sql } from "../../app/db/columns";

const postgres = Boolean(process.env.TEST_POSTGRES_URL);
const sqliteOnly = it.skipIf(postgres);

/** A small seeded generator, so a failure names the seed that reproduces it. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]) => items[int(items.length)];
  return { next, int, pick };
}

// letters of both cases, digits, LIKE's and FTS5's own specials, quotes, spaces, and Unicode:
// accents (precomposed and combining), ß/ẞ, dotted and dotless i, the Kelvin sign, CJK, emoji
const ALPHABET = [
  ..."abcdefxyzABCXYZ0123456789",
  ..." %_\\\"'#$*()-.:,",
  ..."éÉüÜßẞİı\u212a中文😀",
  "e\u0301",
] as const;
const WORDS = ["save20", "vip", "max 30% off", "cap at $50", "#1001", "flash_sale", "100%", "a\\b", "ÉTÉ"];

function text(rng: ReturnType<typeof random>): string {
  const parts: string[] = [];
  const count = rng.int(5);
  for (let index = 0; index < count; index += 1) {
    if (rng.next() < 0.4) parts.push(rng.pick(WORDS));
    else parts.push(Array.from({ length: 1 + rng.int(8) }, () => rng.pick(ALPHABET)).join(""));
  }
  return parts.join(rng.next() < 0.8 ? " " : "");
}

/** Searches: pieces of stored texts (some upper-cased), random strings, and LIKE's specials. */
function queries(rng: ReturnType<typeof random>, texts: string[], count: number): string[] {
  const found: string[] = ["%", "_", "\\", "%%", "a%", "_b", "\\%", "\\_", '"', '""', "   ", "30%", "ab", "é", "中文"];
  while (found.length < count) {
    const roll = rng.next();
    if (roll < 0.6) {
      const characters = [...rng.pick(texts)];
      if (characters.length === 0) continue;
      const start = rng.int(characters.length);
      let piece = characters.slice(start, start + 1 + rng.int(8)).join("");
      if (rng.next() < 0.25) piece = piece.toUpperCase();
      found.push(piece);
    } else if (roll < 0.9) {
      found.push(Array.from({ length: 1 + rng.int(6) }, () => rng.pick(ALPHABET)).join(""));
    } else {
      found.push(rng.pick(WORDS));
    }
  }
  return found.map((query) => query.trim() || query).filter((query) => query.length > 0);
}

async function ids(shopId: string, filter: AuditFilter, plan?: AuditSearchPlan): Promise<string[]> {
  const rows = await selectAuditEvents(shopId, plan ? { ...filter, searchPlan: plan } : filter, 10_000);
  return rows.map((row) => row.id);
}

/** The events the index holds and the events there are, as (rowid, text) pairs (SQLite). */
async function indexAndEvents() {
  const index = await prisma.$queryRawUnsafe<{ rowid: number | bigint; searchText: string }[]>(
    `SELECT rowid, "searchText" FROM "AuditSearch" ORDER BY rowid`,
  );
  const events = await prisma.$queryRawUnsafe<{ rowid: number | bigint; searchText: string }[]>(
    `SELECT rowid, "searchText" FROM "AuditEvent" ORDER BY rowid`,
  );
  const pairs = (rows: typeof index) => rows.map((row) => [Number(row.rowid), row.searchText]);
  return { index: pairs(index), events: pairs(events) };
}

const base = new Date("2026-11-01T00:00:00Z").getTime();

function events(rng: ReturnType<typeof random>, count: number, prefix: string): NewAuditEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    eventType: index % 5 === 0 ? "alert_sent" : "rule_triggered",
    severity: "high",
    discountCodes: [],
    message: `${prefix} ${index}`,
    // some share a timestamp, so paging must break ties by id
    createdAt: new Date(base + Math.floor(index / 3) * 60_000),
    dedupeKey: `${prefix}-${index}`,
    // most as the app writes it (lower case); some with upper case, as an older row may hold
    searchText: rng.next() < 0.8 ? text(rng).toLowerCase() : text(rng),
  }));
}

describe("the Audit Log's search on its index answers what the scan answers", () => {
  const seed = Date.now() % 1_000_000;
  const rng = random(seed);
  let shopId: string;
  let otherId: string;
  let texts: string[];

  beforeAll(async () => {
    shopId = (await ensureShop("search-a.myshopify.com")).id;
    otherId = (await ensureShop("search-b.myshopify.com")).id;
    const mine = events(rng, 400, "a");
    await recordAuditEvents(shopId, mine);
    await recordAuditEvents(otherId, events(rng, 100, "b"));
    texts = mine.map((event) => event.searchText as string);
  });

  it(`random texts and searches, every way of reading them (seed ${seed})`, async () => {
    let indexed = 0;
    let matched = 0;
    for (const q of queries(rng, texts, 250)) {
      const scan = await ids(shopId, { q }, "scan");
      const planned = await ids(shopId, { q });
      const index = await ids(shopId, { q }, "index");
      expect(planned, `q=${JSON.stringify(q)}, seed ${seed}`).toEqual(scan);
      expect(index, `q=${JSON.stringify(q)}, seed ${seed}`).toEqual(scan);
      if ((await planAuditSearch(q)) === "index") indexed += 1;
      if (scan.length > 0) matched += 1;
    }
    // the comparison means something: most searches find events, and (on SQLite) the index read them
    expect(matched).toBeGreaterThan(100);
    if (!postgres) expect(indexed).toBeGreaterThan(100);
  });

  it("with the other filters and page by page, too", async () => {
    for (const q of ["save20", "vip", "max 30%", "é", "100%"]) {
      const filter: AuditFilter = { q, type: "rule_triggered" };
      const scan = await ids(shopId, filter, "scan");
      expect(await ids(shopId, filter, "index")).toEqual(scan);
      // pages of 7, each after the last one's (createdAt, id)
      const paged: string[] = [];
      let before: AuditFilter["before"] = null;
      for (;;) {
        const rows = await selectAuditEvents(shopId, { ...filter, before, searchPlan: "index" }, 7);
        paged.push(...rows.map((row) => row.id));
        if (rows.length < 7) break;
        const last = rows[rows.length - 1];
        before = { createdAt: new Date(Number(last.createdAt)), id: last.id };
      }
      expect(paged).toEqual(scan);
    }
  });

  it("is case-insensitive and takes %, _ and \\ literally, as the scan did", async () => {
    const shop = (await ensureShop("search-c.myshopify.com")).id;
    await recordAuditEvents(shop, [
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "1",
        searchText: "#1 save20 max 30% off",
      },
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "2",
        searchText: "#2 save200 max 300 off",
      },
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "3",
        searchText: "#3 flash_sale a\\b",
      },
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "4",
        searchText: "#4 flashysale ab été",
      },
    ]);
    const messages = async (q: string) => (await selectAuditEvents(shop, { q }, 50)).map((row) => row.message).sort();
    expect(await messages("SAVE20")).toEqual(["1", "2"]);
    expect(await messages("30% off")).toEqual(["1"]);
    expect(await messages("flash_sale")).toEqual(["3"]);
    expect(await messages("a\\b")).toEqual(["3"]);
    expect(await messages("ÉTÉ")).toEqual(["4"]);
    expect(await messages("%")).toEqual(["1"]);
  });
});

describe("how a search is read", () => {
  it("an order name on its own index, short text by scanning, other text on the index until it is common", async () => {
    expect(await planAuditSearch(undefined)).toBeUndefined();
    expect(await planAuditSearch("#1001")).toBe("order-name");
    expect(await planAuditSearch("ab")).toBe("scan");
    expect(await planAuditSearch("é")).toBe("scan");
    const shop = (await ensureShop("search-plan.myshopify.com")).id;
    await recordAuditEvents(
      shop,
      Array.from({ length: INDEX_CANDIDATE_LIMIT + 1 }, (_, index) => ({
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: String(index),
        dedupeKey: `plan-${index}`,
        searchText: `#${index} everywherecode`,
      })),
    );
    expect(await planAuditSearch("nowhere-at-all")).toBe(postgres ? "scan" : "index");
    // in more events than the limit: the newest-first scan fills a page sooner
    expect(await planAuditSearch("everywherecode")).toBe("scan");
    const page = await selectAuditEvents(shop, { q: "everywherecode" }, 10);
    expect(page.map((row) => row.id)).toEqual((await ids(shop, { q: "everywherecode" }, "index")).slice(0, 10));
  });

  it("asks the index only its trigrams, each quoted, at most twelve", () => {
    expect(trigramQuery("ab")).toBeNull();
    expect(trigramQuery("abc")).toBe('"abc"');
    // lower case, each distinct trigram once, quotes doubled
    expect(trigramQuery('A"bcA"b')).toBe('"a""b" AND """bc" AND "bca" AND "ca"""');
    expect(trigramQuery("a\0bc")).toBeNull();
    expect(trigramQuery("😀😀😀")).toBe('"😀😀😀"');
    const long = trigramQuery("abcdefghijklmnopqrstuvwxyz")!;
    expect(long.split(" AND ")).toHaveLength(12);
    expect(long.startsWith('"abc"') && long.endsWith('"xyz"')).toBe(true);
  });

  sqliteOnly("SQLite reads only the events the index names, by rowid", async () => {
    const shop = (await ensureShop("search-a.myshopify.com")).id;
    const filter: AuditFilter = { q: "save20", searchPlan: "index" };
    const query = sql`SELECT "AuditEvent".* FROM ${auditSearchSource(filter.q, filter.searchPlan)}
      WHERE ${auditConditions(shop, filter)} ORDER BY "createdAt" DESC, "id" DESC LIMIT 51`;
    const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${query.sql}`, ...query.values);
    const details = plan.map((row) => row.detail).join(" | ");
    // the index's events first, then each event by its rowid: never the shop's events in order
    expect(details).toMatch(
      /^SCAN AuditSearch VIRTUAL TABLE.* \| SEARCH AuditEvent USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    expect(details).not.toMatch(/AuditEvent_shopId/);
  });

  it.skipIf(!postgres)("PostgreSQL's trigram index serves the LIKE itself", async () => {
    const plan = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT "id" FROM "AuditEvent" WHERE "searchText" LIKE $1 ESCAPE '\\'`,
        "%save\\_20%",
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/AuditEvent_searchText_trgm_idx/);
  });
});

describe("the index stays in step with the events", () => {
  let shopId: string;
  const rng = random(7);

  beforeAll(async () => {
    shopId = (await ensureShop("search-writes.myshopify.com")).id;
    await recordAuditEvents(shopId, events(rng, 60, "w"));
  });

  async function expectInStep(q: string) {
    if (!postgres) {
      const { index, events: all } = await indexAndEvents();
      expect(index).toEqual(all);
    }
    expect(await ids(shopId, { q }, "index")).toEqual(await ids(shopId, { q }, "scan"));
  }

  it("through inserts, repeated inserts and updates", async () => {
    // a repeated dedupeKey inserts nothing, and indexes nothing
    await recordAuditEvents(shopId, events(random(7), 5, "w"));
    await recordAuditEvents(shopId, [
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "new",
        dedupeKey: "new-1",
        searchText: "#77 brandnew",
      },
    ]);
    await expectInStep("brandnew");
    expect(await ids(shopId, { q: "brandnew" })).toHaveLength(1);
    await prisma.auditEvent.updateMany({ where: { shopId, dedupeKey: "new-1" }, data: { searchText: "#77 renamed" } });
    await prisma.auditEvent.updateMany({ where: { shopId }, data: { customerId: null } });
    await expectInStep("renamed");
    expect(await ids(shopId, { q: "brandnew" })).toEqual([]);
    expect(await ids(shopId, { q: "renamed" })).toHaveLength(1);
  });

  it("through deletes and a shop's deletion (its events cascade)", async () => {
    const some = await prisma.auditEvent.findMany({ where: { shopId }, take: 10, select: { id: true } });
    await prisma.auditEvent.deleteMany({ where: { id: { in: some.map((row) => row.id) } } });
    await expectInStep("e");
    const doomed = await ensureShop("search-doomed.myshopify.com");
    await recordAuditEvents(doomed.id, [
      {
        eventType: "rule_triggered",
        severity: "high",
        discountCodes: [],
        message: "x",
        dedupeKey: "d-1",
        searchText: "#9 doomedcode",
      },
    ]);
    expect(await ids(doomed.id, { q: "doomedcode" }, "index")).toHaveLength(1);
    await prisma.shop.delete({ where: { id: doomed.id } });
    await expectInStep("doomedcode");
    if (!postgres) {
      const [{ left }] = await prisma.$queryRawUnsafe<{ left: number | bigint }[]>(
        `SELECT COUNT(*) AS "left" FROM "AuditSearch" WHERE "AuditSearch" MATCH ?`,
        trigramQuery("doomedcode"),
      );
      expect(Number(left)).toBe(0);
    }
  });

  sqliteOnly("through VACUUM, which keeps the events' rowids", async () => {
    await prisma.$executeRawUnsafe("VACUUM");
    await expectInStep("w");
    await prisma.$executeRawUnsafe(`INSERT INTO "AuditSearch" ("AuditSearch") VALUES ('integrity-check')`);
  });

  sqliteOnly("the migrations leave the triggers that keep it", async () => {
    const triggers = await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'AuditEvent' ORDER BY name`,
    );
    expect(triggers.map((row) => row.name)).toEqual([
      "AuditEvent_search_delete",
      "AuditEvent_search_insert",
      "AuditEvent_search_update",
    ]);
  });
});
