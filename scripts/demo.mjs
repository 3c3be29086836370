#!/usr/bin/env node
// npm run demo: prepares the database (migrate, seed the demo store) and starts the built
// app on PORT (default 3000) against DATABASE_URL (default: the SQLite file in prisma/),
// listening on 127.0.0.1 unless HOST names another address.
// Installs nothing. Options: --reset reseeds the demo store; --no-build reuses build/.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { parseEnv } from "node:util";

const args = new Set(process.argv.slice(2));

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${commandArgs.join(" ")} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.NODE_ENV === "production") {
  console.error("✖ The demo store never runs with NODE_ENV=production. Unset it, or use npm start.");
  process.exit(1);
}
if (!fs.existsSync(".env")) {
  fs.copyFileSync(".env.example", ".env");
  console.log("Created .env from .env.example.");
}

const env = { ...process.env, NODE_ENV: "demo" };
run("node", ["scripts/migrate.mjs"], env);
run("npx", ["tsx", "prisma/seed.ts", ...(args.has("--reset") ? ["--reset"] : [])], env);
if (!args.has("--no-build") || !fs.existsSync("build/index.js")) {
  run("node", ["scripts/build.mjs"], { ...process.env, NODE_ENV: "production" });
}

const port = process.env.PORT || "3000";
// this machine only, unless HOST (the environment's, else .env's) says otherwise (0.0.0.0: every interface)
const host = process.env.HOST || parseEnv(fs.readFileSync(".env", "utf8")).HOST || "127.0.0.1";
const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
const reach = host !== "127.0.0.1" ? "" : " (this machine only; HOST=0.0.0.0 opens it to your network)";
console.log(`\nMargin Guardrail demo store: http://${shown}:${port}/dashboard${reach}\n`);
const server = spawn(process.execPath, ["server.js", "build/index.js"], {
  stdio: "inherit",
  env: { ...env, PORT: port, HOST: host },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
