// The page matrix's admin pages, the fresh shop on Core (tests/e2e/page-matrix/admin.ts).
import { adminMatrix } from "./page-matrix/admin";

adminMatrix({ data: "fresh", plan: "core" }, { fullOnly: true });
