// The hot path's raw SQL names its columns itself; this holds every list to prisma/schema.prisma,
// so a migration that renames or adds a required column fails here, not in production.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { AUDIT_EVENT_INSERT_COLUMNS, EVENT_ROLLUP_INSERT_COLUMNS } from "./audit-events.sql.server";
import { AUDIT_EXPORT_COLUMNS } from "./audit-export.sql.server";
import { ALERT_SETTINGS_COLUMNS } from "./alert-settings.sql.server";
import { OUTBOX_INSERT_COLUMNS } from "./outbox-queue.sql.server";
import { ORDER_MONEY_COLUMNS } from "./order-money.sql.server";
import { ORDER_CHECK_INSERT_COLUMNS, ORDER_EVALUATION_INSERT_COLUMNS } from "./order-queue.sql.server";

interface Field {
  name: string;
  optional: boolean;
  hasDefault: boolean;
  relation: boolean;
}

/** The scalar fields of each model in prisma/schema.prisma. */
function models(): Map<string, Field[]> {
  const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
  const result = new Map<string, Field[]>();
  for (const match of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const modelNames = [...schema.matchAll(/^model (\w+) \{/gm)].map((model) => model[1]);
    const fields = match[2]
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^\w+\s+\w/.test(line) && !line.startsWith("@@"))
      .map((line) => {
        const [name, type] = line.split(/\s+/);
        const base = type.replace(/[?[\]]/g, "");
        return {
          name,
          optional: type.endsWith("?"),
          hasDefault: line.includes("@default(") || line.includes("@updatedAt"),
          relation: modelNames.includes(base),
        };
      });
    result.set(match[1], fields);
  }
  return result;
}

const SCHEMA = models();

function check(model: string, columns: readonly string[], { insert }: { insert: boolean }) {
  const fields = SCHEMA.get(model);
  expect(fields, `model ${model}`).toBeDefined();
  const scalar = fields!.filter((field) => !field.relation);
  for (const column of columns)
    expect(
      scalar.map((field) => field.name),
      `${model}.${column}`,
    ).toContain(column);
  if (insert) {
    const required = scalar.filter((field) => !field.optional && !field.hasDefault).map((field) => field.name);
    for (const name of required) expect(columns, `${model}.${name} is required`).toContain(name);
  }
}

describe("raw SQL column lists match prisma/schema.prisma", () => {
  it("AuditEvent", () => {
    check("AuditEvent", AUDIT_EVENT_INSERT_COLUMNS, { insert: true });
    check("AuditEvent", AUDIT_EXPORT_COLUMNS, { insert: false });
  });
  it("EventRollup", () => check("EventRollup", EVENT_ROLLUP_INSERT_COLUMNS, { insert: true }));
  it("OrderEvaluation", () => check("OrderEvaluation", ORDER_EVALUATION_INSERT_COLUMNS, { insert: true }));
  it("OrderCheck", () => check("OrderCheck", ORDER_CHECK_INSERT_COLUMNS, { insert: true }));
  it("OrderMoney, written and read whole", () => {
    check("OrderMoney", ORDER_MONEY_COLUMNS, { insert: true });
    const scalar = SCHEMA.get("OrderMoney")!.filter((field) => !field.relation);
    expect([...ORDER_MONEY_COLUMNS].sort()).toEqual(scalar.map((field) => field.name).sort());
  });
  it("AlertAndActionOutbox (table AlertOutbox)", () =>
    check("AlertAndActionOutbox", OUTBOX_INSERT_COLUMNS, { insert: true }));
  it("AlertSettings, read whole by the delivery worker", () => {
    check("AlertSettings", ALERT_SETTINGS_COLUMNS, { insert: false });
    const scalar = SCHEMA.get("AlertSettings")!.filter((field) => !field.relation);
    expect([...ALERT_SETTINGS_COLUMNS].sort()).toEqual(scalar.map((field) => field.name).sort());
  });
  it("notices a column the schema does not have", () => {
    expect(() => check("OrderCheck", [...ORDER_CHECK_INSERT_COLUMNS, "renamedColumn"], { insert: true })).toThrow();
  });
});
