import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaDifferences } from "./schema-parity";

const sqlite = fs.readFileSync("prisma/schema.prisma", "utf8");
const postgres = fs.readFileSync("prisma/postgresql/schema.prisma", "utf8");

const schema = (provider: string, model: string) => `
datasource db {
  provider = "${provider}"
  url      = env("DATABASE_URL")
}
${model}`;

const ORDER = `model Order {
  id        String   @id @default(uuid())
  shopId    String
  name      String
  total     Int      @default(0)
  createdAt DateTime @default(now())

  @@unique([shopId, name])
  @@index([shopId, createdAt])
}`;

describe("schema parity", () => {
  it("the SQLite and PostgreSQL schemas describe the same models", () => {
    expect(schemaDifferences(sqlite, postgres)).toEqual([]);
  });

  it("ignores the engines' native column types and nothing else", () => {
    const native = ORDER.replace("name      String", "name      String @db.VarChar(64)");
    expect(schemaDifferences(schema("sqlite", ORDER), schema("postgresql", native))).toEqual([]);
  });

  it("names a field whose type, optionality or default differs", () => {
    const changed = ORDER.replace("total     Int      @default(0)", "total     BigInt?");
    const differences = schemaDifferences(schema("sqlite", ORDER), schema("postgresql", changed));
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^Order: field total differs/);
  });

  it("names a field, an index, a unique constraint or a model that only one side has", () => {
    const changed = ORDER.replace("  createdAt DateTime @default(now())\n", "")
      .replace("  @@index([shopId, createdAt])\n", "")
      .replace("@@unique([shopId, name])", "@@unique([shopId, name, total])");
    const differences = schemaDifferences(
      schema("sqlite", `${ORDER}\nmodel Extra {\n  id String @id\n}`),
      schema("postgresql", changed),
    );
    expect(differences).toEqual(
      expect.arrayContaining([
        "Model Extra is only in the SQLite schema",
        "Order: field createdAt is only in the SQLite schema",
        "Order: normal index (shopId, createdAt) is only in the SQLite schema",
        expect.stringMatching(/^Order: uniqueIndexes differs/),
      ]),
    );
  });
});
