import { describe, expect, it } from "vitest";
import { createLogger, levelFromEnv, type LogLevel } from "./logger.server";

function capture(level: LogLevel = "debug", fields?: Record<string, unknown>) {
  const lines: string[] = [];
  const log = createLogger({ level, fields, write: (line) => lines.push(line) });
  return { log, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("createLogger", () => {
  it("writes one JSON line per event with its level, message, time and fields", () => {
    const { log, lines, parsed } = capture();
    log.info("order evaluated", { shop: "a.myshopify.com", topic: "orders/create", orderId: "42" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const [line] = parsed();
    expect(line).toMatchObject({
      level: "info",
      msg: "order evaluated",
      shop: "a.myshopify.com",
      topic: "orders/create",
      orderId: "42",
    });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
  });

  it("leaves out the levels below its own, and writes nothing when silent", () => {
    const warnOnly = capture("warn");
    warnOnly.log.debug("d");
    warnOnly.log.info("i");
    warnOnly.log.warn("w");
    warnOnly.log.error("e");
    expect(warnOnly.parsed().map((l) => l.level)).toEqual(["warn", "error"]);

    const silent = capture("silent");
    silent.log.error("nobody hears this");
    expect(silent.lines).toEqual([]);
  });

  it("writes an error's type, message and stack on the same single line", () => {
    const { log, lines, parsed } = capture();
    const err = new Error("database is locked", { cause: new Error("SQLITE_BUSY") });
    log.error("alert delivery failed", { shop: "a.myshopify.com", err });
    expect(lines).toHaveLength(1);
    const [line] = parsed();
    const written = line.err as Record<string, unknown>;
    expect(written.type).toBe("Error");
    expect(written.message).toContain("database is locked");
    expect(String(written.stack)).toContain("logger.server.test.ts");
    expect(String(written.stack)).toContain("SQLITE_BUSY");
  });

  it("adds a child's fields, and the base fields, to every line", () => {
    const { log, parsed } = capture("debug", { service: "worker" });
    const shopLog = log.child({ shop: "b.myshopify.com" });
    shopLog.child({ topic: "orders/paid" }).debug("queued");
    log.info("booted");
    expect(parsed()).toMatchObject([
      { service: "worker", shop: "b.myshopify.com", topic: "orders/paid", msg: "queued", level: "debug" },
      { service: "worker", msg: "booted" },
    ]);
    expect(parsed()[1]).not.toHaveProperty("shop");
  });

  it("writes a message with % signs as it is", () => {
    const { log, parsed } = capture();
    log.info("margin fell below 20%s %d", {});
    expect(parsed()[0].msg).toBe("margin fell below 20%s %d");
  });
});

describe("levelFromEnv", () => {
  it("takes LOG_LEVEL when it names a level, else info (silent under tests)", () => {
    expect(levelFromEnv({ LOG_LEVEL: "debug", NODE_ENV: "test" })).toBe("debug");
    expect(levelFromEnv({ LOG_LEVEL: " WARN " })).toBe("warn");
    expect(levelFromEnv({ LOG_LEVEL: "loud" })).toBe("info");
    expect(levelFromEnv({ NODE_ENV: "production" })).toBe("info");
    expect(levelFromEnv({ NODE_ENV: "test" })).toBe("silent");
  });
});
