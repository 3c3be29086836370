// The production build (README, "npm run build"): Remix's server and client into build/.
import { spawnSync } from "node:child_process";

// source maps only for the coverage run (npm run test:coverage), which maps the server's coverage
// back to app/ through them; a production build ships none
const sourcemap = Boolean(process.env.COVERAGE_DIR);
const remix = spawnSync("npx", ["remix", "build", ...(sourcemap ? ["--sourcemap"] : [])], { stdio: "inherit" });
process.exit(remix.status ?? 1);
