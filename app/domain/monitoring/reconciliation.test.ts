import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  APP_SCOPED_TOPICS,
  missingTopics,
  reconciledEvent,
  sweepWindow,
  topicEnum,
  windowSearch,
} from "./reconciliation";

const MINUTE = 60_000;
const options = { overlapMs: 5 * MINUTE, settleMs: MINUTE, firstLookbackMs: 24 * 60 * MINUTE };
const now = new Date("2026-11-28T12:00:00.000Z");

describe("sweepWindow", () => {
  it("starts the next sweep the overlap before the last one's end, and ends the settle time before now", () => {
    const window = sweepWindow(new Date("2026-11-28T11:45:00.000Z"), new Date("2026-01-01T00:00:00Z"), now, options);
    expect(window).toEqual({ from: new Date("2026-11-28T11:40:00.000Z"), to: new Date("2026-11-28T11:59:00.000Z") });
  });

  it("looks back a day on a shop's first sweep, never before its install", () => {
    const longInstalled = sweepWindow(null, new Date("2026-01-01T00:00:00Z"), now, options);
    expect(longInstalled.from).toEqual(new Date("2026-11-27T12:00:00.000Z"));
    const justInstalled = sweepWindow(null, new Date("2026-11-28T11:30:00.000Z"), now, options);
    expect(justInstalled.from).toEqual(new Date("2026-11-28T11:30:00.000Z"));
  });

  it("never ends before it starts, and reaches now without a settle time", () => {
    const afterManual = sweepWindow(now, new Date(0), new Date(now.getTime() + 1_000), options);
    expect(afterManual.from.getTime()).toBeLessThanOrEqual(afterManual.to.getTime());
    expect(sweepWindow(now, new Date(0), now, { ...options, settleMs: 0 }).to).toEqual(now);
  });
});

describe("windowSearch", () => {
  it("says the window in Shopify's search syntax", () => {
    expect(windowSearch({ from: new Date("2026-11-28T11:40:00Z"), to: new Date("2026-11-28T11:59:00Z") })).toBe(
      "updated_at:>='2026-11-28T11:40:00.000Z' AND updated_at:<='2026-11-28T11:59:00.000Z'",
    );
  });
});

describe("missingTopics", () => {
  it("counts a protection topic subscribed in the app's configuration or by the shop", () => {
    expect(topicEnum("orders/create")).toBe("ORDERS_CREATE");
    expect(missingTopics(["orders/create", "orders/updated"], [])).toEqual([]);
    expect(missingTopics([], ["ORDERS_UPDATED"])).toEqual(["orders/create"]);
    expect(missingTopics(["app/uninstalled"], ["CHECKOUTS_CREATE"])).toEqual(["orders/create", "orders/updated"]);
  });

  it("knows the app-scoped topics shopify.app.toml subscribes to", () => {
    const toml = fs.readFileSync("shopify.app.toml", "utf8");
    const subscribed = [...toml.matchAll(/^\s*topics = \[ "([^"]+)" \]/gm)].map((match) => match[1]);
    for (const topic of APP_SCOPED_TOPICS) expect(subscribed).toContain(topic);
  });
});

describe("reconciledEvent", () => {
  it("adds source reconciliation to an event's details, keeping the rest", () => {
    const edited = { message: "m", details: { topic: "reconciliation", order_edited: false } };
    expect(reconciledEvent(edited)).toEqual({
      message: "m",
      details: { topic: "reconciliation", order_edited: false, source: "reconciliation" },
    });
    const bare: { message: string; details?: unknown } = { message: "m" };
    expect(reconciledEvent(bare)).toEqual({ message: "m", details: { source: "reconciliation" } });
  });
});
