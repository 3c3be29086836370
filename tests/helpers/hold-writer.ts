// SQLite's one writer taken by another process, as a second app process or a backup tool takes it.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface HeldWriter {
  /** the time (ms) of the holder's commit */
  released: Promise<number>;
  process: ChildProcess;
}

/**
 * Another process takes SQLite's write lock on `file` (BEGIN IMMEDIATE through better-sqlite3) and
 * commits after `holdMs`. Resolves once it holds the lock.
 */
export async function holdWriter(file: string, holdMs: number): Promise<HeldWriter> {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const db = require("better-sqlite3")(process.argv[1]);
       db.exec("BEGIN IMMEDIATE");
       console.log("held");
       setTimeout(() => { db.exec("COMMIT"); console.log("released " + Date.now()); db.close(); }, Number(process.argv[2]));`,
      file,
      String(holdMs),
    ],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  const released = new Promise<number>((resolve, reject) => {
    child.on("exit", (code) => {
      const match = /released (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
      else reject(new Error(`the writer's holder exited (${code}) without committing: ${output}`));
    });
  });
  released.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("held")) resolve();
    });
    child.once("exit", () => reject(new Error(`the writer's holder exited before holding the lock: ${output}`)));
  });
  return { released, process: child };
}
