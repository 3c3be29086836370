// The page matrix's admin pages, the seeded shop on Core (tests/e2e/page-matrix/admin.ts).
import { adminMatrix } from "./page-matrix/admin";

adminMatrix({ data: "seeded", plan: "core" });
