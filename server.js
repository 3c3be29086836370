#!/usr/bin/env node
// The app's HTTP server entry: loads the Remix build and serves it with the server compiled into
// that build (app/server/serve.server.ts, exported by app/entry.server.tsx and type-checked with
// the app; docs/architecture.md#the-http-server): body limits, 405s, security headers,
// the client's address, the background workers (order evaluation, alert delivery) in this process.
// Usage: node server.js [build/index.js]   (PORT, HOST and every variable of .env.example; HOST
// unset: every interface in production, 127.0.0.1 otherwise)
import path from "node:path";
import url from "node:url";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
if (typeof build.entry.module.serve !== "function") {
  console.error(`✖ ${buildPath} has no server in it (a build older than server.js): run npm run build.`);
  process.exit(1);
}
build.entry.module.serve(build);
