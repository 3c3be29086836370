// GET /api/health: what a load balancer probes, and the figures an operator watches
// (docs/operations.md#health): the order queue's depth, how late the oldest due alert is, dead alerts.
import { describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { serviceHealth } from "../../app/services/health/health.server";
import { ensureShop } from "../../app/db/shops.server";
import { routeArgs } from "../helpers/shopify";

const { loader, action } = await import("../../app/routes/api.health._index");

const request = () => new Request("http://127.0.0.1/api/health");

describe("GET /api/health", () => {
  it("answers 200 with the queue's and the outbox's figures, without a session", async () => {
    const shop = await ensureShop("health.myshopify.com");
    const now = Date.now();
    await prisma.orderEvaluation.createMany({
      data: ["pending", "pending", "failed", "done"].map((status, index) => ({
        shopId: shop.id,
        webhookId: `health-${index}`,
        topic: "orders/create",
        orderId: `gid://shopify/Order/${index}`,
        facts: {},
        status,
      })),
    });
    const alert = (status: string, dueSecondsAgo: number, index: number) => ({
      shopId: shop.id,
      channel: "webhook",
      payload: { index },
      status,
      nextAttemptAt: new Date(now - dueSecondsAgo * 1000),
    });
    await prisma.alertAndActionOutbox.createMany({
      data: [
        alert("pending", 90, 1),
        alert("pending", 5, 2),
        alert("sending", 0, 3),
        alert("dead", 0, 4),
        alert("sent", 0, 5),
      ],
    });

    const response = await loader(routeArgs(request()));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({
      status: "ok",
      database: process.env.DATABASE_URL!.startsWith("file:") ? "sqlite" : "postgresql",
      orders: { waiting: 2, failed: 1 },
      alerts: { pending: 3, dead: 1 },
    });
    expect(body.alerts.oldestDueSeconds).toBeGreaterThanOrEqual(90);
    expect(body.alerts.oldestDueSeconds).toBeLessThan(120);
  });

  it("answers 503 when the database cannot be reached, saying so and nothing more", async () => {
    const down = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const broken = {
      orderEvaluation: { count: down },
      alertAndActionOutbox: { count: down, findFirst: down },
    } as unknown as Parameters<typeof serviceHealth>[0];
    const health = await serviceHealth(broken);
    expect(health).toEqual({
      status: "unavailable",
      database: expect.stringMatching(/^(sqlite|postgresql)$/),
      error: "The database cannot be reached",
    });
  });

  it("refuses other methods", async () => {
    expect((await action()).status).toBe(405);
  });
});
