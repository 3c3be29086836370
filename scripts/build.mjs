// The production build (README, "npm run build"): Remix's server and client into build/.
import { spawnSync } from "node:child_process";

// source maps only for the coverage run (npm run test:coverage), which maps the server's coverage
// back to app/ through them; a production build ships none
const sourcemap = Boolean(process.env.COVERAGE_DIR);
// Remix's compiler, on a first build (no .cache yet), leaves an esbuild service behind that, once
// Remix has exited, prints Go's "all goroutines are asleep" trace: noise after a build that
// succeeded. Its stderr is read to the end (the service's included) and written on without it.
const remix = spawnSync("npx", ["remix", "build", ...(sourcemap ? ["--sourcemap"] : [])], {
  stdio: ["inherit", "inherit", "pipe"],
  encoding: "utf8",
});
const TRACE = "fatal error: all goroutines are asleep - deadlock!";
const stderr = remix.stderr ?? "";
const trace = stderr.indexOf(TRACE);
process.stderr.write(remix.status === 0 && trace >= 0 ? stderr.slice(0, trace) : stderr);
process.exit(remix.status ?? 1);
