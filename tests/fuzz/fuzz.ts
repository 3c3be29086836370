/**
 * The fuzzer: malformed inputs against every JSON API route, every form intent and every
 * webhook topic of a running server.js (the demo store on its own database, loopback only).
 * It fails on any 5xx answer, on a crash of the server, and when an input the server refused
 * (4xx) changed a row. `npm run fuzz` runs it in full; tests/integration/fuzz-smoke.test.ts
 * runs a few inputs per target inside npm test.
 */
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { checkoutPayload } from "../../app/demo/checkout-payload-builder";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { approveDemoCore, startAppServer, type AppServer } from "../helpers/app-server";
import { startReceiver } from "../helpers/receiver";
import { formMutations, jsonMutations, queryMutations, random, type RawInput } from "./inputs";
import { wrongAcceptStage, type AcceptsReport } from "./accepts";

const SECRET = "fuzz-webhook-secret";
const SHOP = "margin-guardrail-demo.myshopify.com";

type Kind = "json" | "form" | "query" | "webhook";

interface Target {
  name: string;
  method: string;
  path: string;
  kind: Kind;
  base?: Record<string, unknown>;
  params?: string[];
  topic?: string;
}

export interface FuzzFailure {
  target: string;
  input: string;
  reason: string;
}

export interface FuzzReport {
  requests: number;
  byTarget: Record<string, Record<string, number>>;
  failures: FuzzFailure[];
  /** the wrong-accept stage (tests/fuzz/accepts.ts); its wrong accepts are failures too */
  accepts?: AcceptsReport;
}

const rule = {
  name: "Fuzz cap",
  description: "",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
  priority: 0,
  isActive: true,
  conditions: {},
};

function targets(ids: { rule: string; collectionRule: string; receiver: string }): Target[] {
  const ruleForm = {
    name: "Fuzz cap",
    description: "",
    ruleType: "max_discount",
    threshold: "30",
    thresholdUnit: "PERCENT",
    action: "alert",
  };
  const order = stackedCodeAndAutomatic as unknown as Record<string, unknown>;
  return [
    { name: "POST /api/rules", method: "POST", path: "/api/rules", kind: "json", base: rule },
    { name: "PUT /api/rules/{id}", method: "PUT", path: `/api/rules/${ids.rule}`, kind: "json", base: rule },
    {
      name: "PUT /api/rules/{id} (toggle)",
      method: "PUT",
      path: `/api/rules/${ids.rule}`,
      kind: "json",
      base: { isActive: false },
    },
    {
      name: "POST /api/shops/{shopId}/rules",
      method: "POST",
      path: `/api/shops/${SHOP}/rules`,
      kind: "json",
      base: rule,
    },
    {
      name: "POST /api/rules/collections/create",
      method: "POST",
      path: "/api/rules/collections/create",
      kind: "json",
      base: {
        collectionId: "gid://shopify/Collection/7",
        collectionTitle: "Sale",
        ruleType: "max_discount",
        threshold: 25,
        action: "alert",
      },
    },
    {
      name: "POST /api/rules/stacking",
      method: "POST",
      path: "/api/rules/stacking",
      kind: "json",
      base: { blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]], enabled: true },
    },
    {
      name: "POST /api/rules/blocking",
      method: "POST",
      path: "/api/rules/blocking",
      kind: "json",
      base: { instantBlocking: false, staffOverride: true, customerMessage: "Not allowed." },
    },
    {
      name: "PUT /api/config/function",
      method: "PUT",
      path: "/api/config/function",
      kind: "json",
      base: { thresholdPercent: 35 },
    },
    {
      name: "POST /api/shopify/functions/test",
      method: "POST",
      path: "/api/shopify/functions/test",
      kind: "json",
      base: { subtotal: 100, discount: 45, thresholdPercent: 40 },
    },
    {
      name: "POST /api/billing/upgrade",
      method: "POST",
      path: "/api/billing/upgrade",
      kind: "json",
      base: { plan: "core" },
    },
    {
      name: "POST /api/billing/downgrade",
      method: "POST",
      path: "/api/billing/downgrade",
      kind: "json",
      base: { plan: "free" },
    },
    {
      name: "PUT /api/alerts/settings",
      method: "PUT",
      path: "/api/alerts/settings",
      kind: "json",
      base: {
        emailEnabled: true,
        emails: ["ops@example.com"],
        slackEnabled: false,
        webhookEnabled: true,
        // a receiver on 127.0.0.1: the test webhook never leaves the machine
        webhooks: [`${ids.receiver}/in`],
        frequency: "hourly",
        minSeverity: "high",
        quietStart: "22:00",
        quietEnd: "08:00",
        emailConfig: { smtpHost: "smtp.example.com", smtpPort: 587, smtpUsername: "ops", smtpPassword: "secret" },
      },
    },
    {
      name: "POST /api/support",
      method: "POST",
      path: "/api/support",
      kind: "json",
      base: { name: "Ada", email: "ada@example.com", subject: "Codes", message: "Two codes stacked on #1001." },
    },
    {
      name: "POST /api/contact-sales",
      method: "POST",
      path: "/api/contact-sales",
      kind: "json",
      base: { name: "Grace", email: "grace@example.com", storeName: "Goods", message: "Forty promotions a month." },
    },
    {
      name: "GET /api/audit",
      method: "GET",
      path: "/api/audit",
      kind: "query",
      params: ["cursor", "severity", "type", "q", "shop"],
    },
    {
      name: "GET /api/audit/export.csv",
      method: "GET",
      path: "/api/audit/export.csv",
      kind: "query",
      params: ["severity", "type", "q"],
    },
    {
      name: "GET /api/shops/{shopId}/alerts",
      method: "GET",
      path: `/api/shops/${SHOP}/alerts`,
      kind: "query",
      params: ["shopId"],
    },
    { name: "POST /api/alerts/test/webhook", method: "POST", path: "/api/alerts/test/webhook", kind: "json", base: {} },
    { name: "GET /api/billing/verify", method: "GET", path: "/api/billing/verify", kind: "query", params: ["shop"] },
    { name: "GET /api/rules/{id}", method: "GET", path: `/api/rules/${ids.rule}`, kind: "query", params: ["id"] },
    {
      name: "DELETE /api/rules/collections/{id}",
      method: "DELETE",
      path: `/api/rules/collections/${ids.collectionRule}`,
      kind: "query",
      params: ["id"],
    },
    {
      name: "POST /rules intent=create",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "create", ...ruleForm },
    },
    {
      name: "POST /rules intent=update",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "update", id: ids.rule, ...ruleForm },
    },
    {
      name: "POST /rules intent=toggle",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "toggle", id: ids.rule, isActive: "false" },
    },
    {
      name: "POST /rules intent=delete",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "delete", id: "no-such-rule" },
    },
    {
      name: "POST /rules intent=createCollectionRule",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: {
        intent: "createCollectionRule",
        collectionId: "123456",
        collectionTitle: "Sale",
        ruleType: "max_discount",
        threshold: "25",
        action: "alert",
      },
    },
    {
      name: "POST /rules intent=deleteCollectionRule",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "deleteCollectionRule", id: "no-such-rule" },
    },
    {
      name: "POST /rules intent=saveStacking",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "saveStacking", enabled: "on", blockedStacking: "DiscountCodeBasic+DiscountAutomaticBasic" },
    },
    {
      name: "POST /rules intent=saveBlocking",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: {
        intent: "saveBlocking",
        instantBlocking: "false",
        staffOverride: "true",
        customerMessage: "Not allowed.",
      },
    },
    {
      name: "POST /support (form)",
      method: "POST",
      path: "/support?index",
      kind: "form",
      base: { name: "Ada", email: "ada@example.com", subject: "Codes", message: "Two codes stacked on #1001." },
    },
    {
      name: "webhook orders/create",
      method: "POST",
      path: "/webhooks/orders/create",
      kind: "webhook",
      topic: "orders/create",
      base: order,
    },
    {
      name: "webhook orders/updated",
      method: "POST",
      path: "/webhooks/orders/updated",
      kind: "webhook",
      topic: "orders/updated",
      base: order,
    },
    ...(["checkouts/create", "checkouts/update"] as const).map((topic) => ({
      name: `webhook ${topic}`,
      method: "POST",
      path: `/webhooks/${topic}`,
      kind: "webhook" as const,
      topic,
      base: checkoutPayload({
        token: "fuzz-checkout",
        lines: [{ title: "Desk tidy", price: "100.00" }],
        codes: [{ code: "TAKE50", amount: "50.00" }],
        customer: { id: 7, tags: "vip" },
      }),
    })),
    {
      name: "PUT /api/integrations/shopify/features",
      method: "PUT",
      path: "/api/integrations/shopify/features",
      kind: "json",
      base: { instantBlocking: true, staffOverride: false, customerMessage: "One code per order." },
    },
    { name: "GET /api/health/embed", method: "GET", path: "/api/health/embed", kind: "query", params: ["host"] },
    {
      name: "webhook app_subscriptions/update",
      method: "POST",
      path: "/webhooks/app_subscriptions/update",
      kind: "webhook",
      topic: "app_subscriptions/update",
      base: {
        app_subscription: {
          admin_graphql_api_id: "gid://shopify/AppSubscription/1",
          name: "Core",
          status: "ACTIVE",
          updated_at: "2026-11-23T10:00:00Z",
        },
      },
    },
    { name: "GET /api/billing/plan", method: "GET", path: "/api/billing/plan", kind: "query", params: ["shop"] },
    { name: "GET /api/shops/me", method: "GET", path: "/api/shops/me", kind: "query", params: ["shop"] },
    {
      name: "GET /billing/error",
      method: "GET",
      path: "/billing/error",
      kind: "query",
      params: ["type", "message", "shop"],
    },
    {
      name: "POST /rules intent=resumePaused",
      method: "POST",
      path: "/rules?index",
      kind: "form",
      base: { intent: "resumePaused" },
    },
    {
      name: "webhook inventory_items/update",
      method: "POST",
      path: "/webhooks/inventory_items/update",
      kind: "webhook",
      topic: "inventory_items/update",
      base: { id: 91, cost: "12.50", admin_graphql_api_id: "gid://shopify/InventoryItem/91" },
    },
    {
      name: "webhook app/scopes_update",
      method: "POST",
      path: "/webhooks/app/scopes_update",
      kind: "webhook",
      topic: "app/scopes_update",
      base: {
        id: 1,
        previous: ["read_orders"],
        current: ["read_orders", "read_products"],
        updated_at: "2026-11-22T00:00:00Z",
      },
    },
    {
      name: "webhook customers/data_request",
      method: "POST",
      path: "/webhooks/customers/data_request",
      kind: "webhook",
      topic: "customers/data_request",
      base: {
        shop_id: 1,
        shop_domain: SHOP,
        customer: { id: 77 },
        orders_requested: [1001, 1002],
        data_request: { id: 5 },
      },
    },
    {
      name: "webhook customers/redact",
      method: "POST",
      path: "/webhooks/customers/redact",
      kind: "webhook",
      topic: "customers/redact",
      base: { shop_id: 1, shop_domain: SHOP, customer: { id: 77 }, orders_to_redact: [1001] },
    },
    // last: valid deliveries of these remove the demo shop's data
    {
      name: "webhook app/uninstalled",
      method: "POST",
      path: "/webhooks/app/uninstalled",
      kind: "webhook",
      topic: "app/uninstalled",
      base: { id: 1, domain: SHOP },
    },
    {
      name: "webhook shop/redact",
      method: "POST",
      path: "/webhooks/shop/redact",
      kind: "webhook",
      topic: "shop/redact",
      base: { shop_id: 1, shop_domain: SHOP },
    },
  ];
}

function sign(body: string): string {
  return crypto.createHmac("sha256", SECRET).update(body).digest("base64");
}

/** The inputs of one target, with the request each becomes. */
function requestsFor(
  target: Target,
  rng: () => number,
  perTarget: number,
): { input: string; url: string; init: RequestInit }[] {
  if (target.kind === "query") {
    return queryMutations(target.params ?? [], rng, perTarget).map((input) => ({
      input: input.label,
      url: `${target.path}?${input.body}`,
      init: { method: target.method },
    }));
  }
  const inputs: RawInput[] =
    target.kind === "form"
      ? formMutations(target.base as Record<string, string>, rng, perTarget)
      : jsonMutations(target.base ?? {}, rng, perTarget);
  return inputs.map((input, index) => {
    const headers: Record<string, string> = input.contentType ? { "Content-Type": input.contentType } : {};
    if (target.kind === "webhook") {
      Object.assign(headers, {
        "X-Shopify-Topic": target.topic!,
        "X-Shopify-Shop-Domain": SHOP,
        "X-Shopify-API-Version": "2026-10",
        "X-Shopify-Webhook-Id": crypto.randomUUID(),
        "X-Shopify-Hmac-Sha256": sign(input.body),
      });
      // every tenth input also gets a header wrong: topic, shop, signature or a missing header
      const header = index % 40;
      if (header === 10) headers["X-Shopify-Topic"] = "products/update";
      if (header === 20) headers["X-Shopify-Shop-Domain"] = "../../etc";
      if (header === 30) headers["X-Shopify-Hmac-Sha256"] = sign(`${input.body} `);
      if (header === 39) delete headers["X-Shopify-Webhook-Id"];
    }
    return { input: input.label, url: target.path, init: { method: target.method, headers, body: input.body } };
  });
}

/** A fingerprint of every row the app stores: PRAGMA data_version first, the rows only when it moved. */
class RowWatch {
  private db: Database.Database;
  private version = -1;
  private digest = "";
  constructor(file: string) {
    this.db = new Database(file, { readonly: true });
  }
  private tables(): string[] {
    return (
      this.db
        .prepare(
          // ordinary tables only: a virtual table's shadow tables (the Audit Log's search index,
          // docs/architecture.md#audit-log-search) hold what its table's rows already say
          `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'`,
        )
        .all() as { name: string }[]
    ).map((row) => row.name);
  }
  fingerprint(): string {
    const version = (this.db.pragma("data_version", { simple: true }) as number) ?? 0;
    if (version === this.version) return this.digest;
    const hash = crypto.createHash("sha256");
    for (const table of this.tables()) {
      for (const row of this.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).iterate())
        hash.update(JSON.stringify(row));
    }
    this.version = version;
    this.digest = hash.digest("hex");
    return this.digest;
  }
  /** Orders still to evaluate, or whose codes still wait for the leak detector's counting pass (docs/architecture.md#an-order-webhook-to-a-delivered-alert). */
  pendingOrders(): number {
    return (
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" = 'pending' OR "codesWaiting" = 1`)
        .get() as { n: number }
    ).n;
  }
  close() {
    this.db.close();
  }
}

async function createFixtures(server: AppServer): Promise<{ rule: string; collectionRule: string }> {
  await approveDemoCore(server.url);
  const json = { "Content-Type": "application/json" };
  const created = await fetch(`${server.url}/api/rules`, { method: "POST", headers: json, body: JSON.stringify(rule) });
  const collection = await fetch(`${server.url}/api/rules/collections/create`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      collectionId: "gid://shopify/Collection/7",
      collectionTitle: "Sale",
      ruleType: "max_discount",
      threshold: 25,
      action: "alert",
    }),
  });
  if (!created.ok || !collection.ok) throw new Error(`Fixtures were refused: ${created.status}, ${collection.status}`);
  return { rule: (await created.json()).id, collectionRule: (await collection.json()).id };
}

export async function runFuzz(options: {
  perTarget: number;
  seed: number;
  log?: (line: string) => void;
}): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  // on a fresh clone too: startAppServer builds the migrated base database when there is none
  const server = await startAppServer({ SHOPIFY_API_SECRET: SECRET });
  const receiver = await startReceiver();
  log(`server.js on ${server.url} (database ${server.database}); alert receiver on ${receiver.url}\n`);
  const watch = new RowWatch(server.database);
  const report: FuzzReport = { requests: 0, byTarget: {}, failures: [] };
  const rng = random(options.seed);
  try {
    const ids = await createFixtures(server);
    // wrong accepts first: the last webhooks below remove the demo shop's data
    report.accepts = await wrongAcceptStage(server.url, ids, { fingerprint: () => watch.fingerprint(), log });
    report.requests += report.accepts.requests;
    report.failures.push(...report.accepts.failures, ...report.accepts.wrongAccepts);
    for (const target of targets({ ...ids, receiver: receiver.url })) {
      const counts: Record<string, number> = {};
      report.byTarget[target.name] = counts;
      for (const request of requestsFor(target, rng, options.perTarget)) {
        const before = watch.fingerprint();
        let status: number;
        try {
          const response = await fetch(`${server.url}${request.url}`, request.init);
          await response.arrayBuffer();
          status = response.status;
        } catch (error) {
          status = 0;
          report.failures.push({ target: target.name, input: request.input, reason: `no answer: ${String(error)}` });
        }
        report.requests += 1;
        counts[status] = (counts[status] ?? 0) + 1;
        if (server.process.exitCode !== null) {
          report.failures.push({
            target: target.name,
            input: request.input,
            reason: `server.js exited with ${server.process.exitCode}`,
          });
          return report;
        }
        if (status >= 500)
          report.failures.push({ target: target.name, input: request.input, reason: `answered ${status}` });
        if (status >= 400 && status < 500 && watch.fingerprint() !== before) {
          report.failures.push({
            target: target.name,
            input: request.input,
            reason: `answered ${status} but changed a row`,
          });
        }
        // an accepted order is evaluated in the background: let that finish before the next input
        if (status < 400 && target.kind === "webhook") {
          for (let wait = 0; wait < 100 && watch.pendingOrders() > 0; wait += 1)
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      log(
        `${target.name.padEnd(44)} ${Object.entries(counts)
          .map(([code, count]) => `${code}: ${count}`)
          .join(", ")}`,
      );
    }
    return report;
  } finally {
    watch.close();
    await receiver.close();
    const output = server.output();
    await server.stop();
    if (report.failures.length > 0) log(`\nserver.js output (last 3000 characters):\n${output.slice(-3000)}`);
  }
}
