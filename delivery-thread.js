// The alert delivery thread that server.js starts (docs/decisions/0015-alert-delivery-thread.md):
// loads the same Remix build and runs only the alert delivery worker, until told to stop.
import url from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const build = await import(url.pathToFileURL(workerData.buildPath).href);
build.entry.module.runDeliveryThread(parentPort, workerData.turn);
