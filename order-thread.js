// The order thread that server.js starts (docs/decisions/0067-order-thread.md): loads the same
// Remix build and runs only the order worker, until told to stop.
import url from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const build = await import(url.pathToFileURL(workerData.buildPath).href);
build.entry.module.runOrderThread(parentPort, workerData.turn);
