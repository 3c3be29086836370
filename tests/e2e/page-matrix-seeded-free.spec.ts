// The page matrix's admin pages, the seeded shop on Free (tests/e2e/page-matrix/admin.ts).
import { adminMatrix } from "./page-matrix/admin";

adminMatrix({ data: "seeded", plan: "free" }, { fullOnly: true });
