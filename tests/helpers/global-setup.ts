import fs from "node:fs";
import { BASE_DATABASE, TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";

/** One migrated base database; every test file copies it (see test-env.ts). */
export default function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  createMigratedDatabase(BASE_DATABASE);
}
