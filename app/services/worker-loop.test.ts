import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger.server";
import { workerLoop } from "./worker-loop.server";

describe("a worker loop", () => {
  it("runs its step until there is no more work, and again after a stop and a resume", async () => {
    let work = 3;
    const step = vi.fn(async () => (work > 0 ? ((work -= 1), true) : false));
    const loop = workerLoop("Test worker", step, { gatherMs: 0, backoff: { baseMs: 10, capMs: 10 } });
    await loop.drain();
    expect(work).toBe(0);
    await loop.stop();
    work = 2;
    await loop.kick();
    expect(work).toBe(2);
    loop.resume();
    await loop.drain();
    expect(work).toBe(0);
  });
  it("logs a failing step and tries again by itself", async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "debug", write: (line) => lines.push(line) });
    let calls = 0;
    const loop = workerLoop(
      "Test worker",
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("database is locked");
        return false;
      },
      { gatherMs: 0, backoff: { baseMs: 20, capMs: 20 }, logger },
    );
    await expect(loop.kick()).resolves.toBeUndefined();
    expect(
      lines.map((line) => JSON.parse(line) as { level: string; msg: string; err: { message: string } }),
    ).toMatchObject([
      {
        level: "error",
        msg: "Test worker failed (1 in a row); trying again in 20 ms",
        err: { message: "database is locked" },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toBe(2);
  });
});
