/**
 * The Audit Log's CSV export, a chunk of lines at a time (docs/decisions/0057-csv-at-the-databases-speed.md,
 * docs/decisions/0070-csv-export-helper-thread.md).
 */
import {
  sqliteExportFile,
  type PlainQuery,
  sqliteRange,
  sqliteRangeEnd,
  sqliteRangeQuery,
  type AuditExportKey,
} from "../../db/audit-export.sql.server";
import type { AuditFilter } from "../../db/audit-events.sql.server";
import { logger } from "../../logger.server";
import { formatOnHelper } from "./csv-helper.server";
import { csvChunk } from "./csv-lines";
import { auditBatches, auditExportFilter, CSV_BATCH, type AuditQuery } from "./log.server";

/** Ranges cut and not yet written, at most: the memory an export holds. */
const RANGES_HELD = 4;
/** Ranges handed to the helper thread and not yet back, at most: one it formats, one queued. */
const HELPER_AHEAD = 2;

/** A range of the export: its statement, and its CSV once formatted here or handed to the helper. */
interface Range {
  query: PlainQuery;
  chunk: string | null;
  handed: Promise<Uint8Array | null> | null;
  settled: boolean;
}

/**
 * On SQLite, the export as ranges of `size` events (docs/decisions/0070-csv-export-helper-thread.md):
 * the main thread cuts each range by walking the index's keys, keeps the helper thread two ranges
 * ahead, formats further ranges itself while the helper works, and writes the ranges in order. A
 * range the helper cannot take (none ready, or it failed) is formatted here: the same bytes.
 */
async function* sqliteChunks(
  file: string,
  shopId: string,
  filter: Omit<AuditFilter, "before">,
  size: number,
): AsyncGenerator<string | Uint8Array> {
  const ranges: Range[] = [];
  let before: AuditExportKey | null = null;
  // the last range cut reaches the oldest event
  let walked = false;
  const cut = (): Range => {
    const end = sqliteRangeEnd(file, shopId, filter, before, size);
    const range: Range = {
      query: sqliteRangeQuery(shopId, filter, before, end),
      chunk: null,
      handed: null,
      settled: false,
    };
    ranges.push(range);
    before = end;
    walked = end === null;
    return range;
  };
  const format = (range: Range) => csvChunk(sqliteRange(file, range.query));
  for (;;) {
    while (
      !walked &&
      ranges.length < RANGES_HELD &&
      ranges.filter((range) => range.handed && !range.settled).length < HELPER_AHEAD
    ) {
      const range = cut();
      const handed = formatOnHelper(file, range.query);
      if (!handed) break;
      // settled here, never rejected: an export closed early leaves no rejection behind
      range.handed = handed.then(
        (bytes) => ((range.settled = true), bytes),
        (error: unknown) => {
          range.settled = true;
          logger.warn("CSV export range goes back to the main thread", { err: error });
          return null;
        },
      );
    }
    if (ranges.length === 0) {
      if (walked) return;
      cut();
    }
    const first = ranges[0];
    if (!first.handed && first.chunk === null) first.chunk = format(first);
    if (first.chunk === null && !first.settled) {
      // while the helper formats the next range, this thread formats one further on
      const idle =
        ranges.find((range) => !range.handed && range.chunk === null) ??
        (!walked && ranges.length < RANGES_HELD ? cut() : null);
      if (idle) {
        idle.chunk = format(idle);
        continue;
      }
    }
    ranges.shift();
    const chunk = first.chunk ?? (await first.handed) ?? format(first);
    if (chunk.length > 0) yield chunk;
  }
}

/**
 * The export's CSV text after its header, a chunk at a time, each of `size` events at most: on
 * SQLite ranges, on PostgreSQL keyset batches.
 */
export async function* auditCsvChunks(
  shopId: string,
  query: AuditQuery,
  size = CSV_BATCH,
): AsyncGenerator<string | Uint8Array> {
  const file = sqliteExportFile();
  if (file) {
    yield* sqliteChunks(file, shopId, auditExportFilter(query), size);
    return;
  }
  for await (const batch of auditBatches(shopId, query, size)) yield csvChunk(batch);
}
