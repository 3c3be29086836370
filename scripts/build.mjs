// The production build (README, "npm run build"): Remix's server and client into build/, then the
// CSV export's helper thread as a bundle of its own beside them (build/csv-helper-thread.js,
// docs/decisions/0070-csv-export-helper-thread.md), so the thread loads only what it runs.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";

// source maps only for the coverage run (npm run test:coverage), which maps the server's coverage
// back to app/ through them; a production build ships none
const sourcemap = Boolean(process.env.COVERAGE_DIR);
const remix = spawnSync("npx", ["remix", "build", ...(sourcemap ? ["--sourcemap"] : [])], { stdio: "inherit" });
if (remix.status !== 0) process.exit(remix.status ?? 1);

await build({
  entryPoints: ["app/services/audit/csv-helper-thread.ts"],
  outfile: "build/csv-helper-thread.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // better-sqlite3 and the rest of node_modules load from there, as the server's own imports do
  packages: "external",
  logLevel: "warning",
  sourcemap,
});
