/**
 * The fuzz's "wrong accepts" stage (docs/security.md#what-is-verified): each
 * probe value of tests/fuzz/inputs.ts (PROBES) sent in each field of its kind, to each JSON API
 * and page form that reads that kind of field. A valid base body is sent first and must be
 * accepted (else the stage would test nothing); then every probe must be refused: an answer
 * below 400 is a wrong accept, a 5xx a failure, and a refusal that changed a row a failure too.
 */
import { PROBES, formProbes, preview, withPath, type ProbeKind } from "./inputs";

export interface ProbeFailure {
  target: string;
  input: string;
  reason: string;
}

export interface AcceptsReport {
  /** requests sent, the bases included */
  requests: number;
  /** probes sent */
  probes: number;
  wrongAccepts: ProbeFailure[];
  failures: ProbeFailure[];
}

interface ProbeTarget {
  name: string;
  method: string;
  path: string;
  kind: "json" | "form";
  base: Record<string, unknown>;
  /** field (a.b.0 for nested JSON) → the kind of probes it gets */
  fields: Record<string, ProbeKind>;
  /** whether an answer means the input was accepted; by default any status below 400 */
  accepted?: (status: number) => boolean;
  /** sent after the target, to put back what its base changed */
  after?: Record<string, string>;
}

const rule = {
  name: "Probe cap",
  description: "",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
  priority: 0,
  isActive: false,
};
const ruleForm = {
  name: "Probe cap",
  description: "",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
  priority: "0",
};
const collectionRule = {
  collectionId: "gid://shopify/Collection/7",
  collectionTitle: "Sale",
  ruleType: "max_discount",
  threshold: 25,
  action: "alert",
};
const codeRules = {
  message: "Codes don't apply to sale items.",
  noCodesOnSaleItems: true,
  maxCodes: 2,
  forbiddenPairs: ["WELCOME10 + VIP25"],
  protectedProductIds: ["7"],
  protectedCollectionIds: ["gid://shopify/Collection/55"],
  customerTagsMode: "refuse",
  customerTags: ["wholesale"],
};
const blockingMessage = "One code per order.";

/**
 * A page's action as its fetchers call it: Remix's data request answers the action's result
 * with its status, without rendering the page (ten times faster than a document post).
 */
const formPath = (path: string, routeId: string) => `${path}?${new URLSearchParams({ _data: routeId }).toString()}`;

function probeTargets(ids: { rule: string; collectionRule: string }): ProbeTarget[] {
  return [
    {
      name: "POST /api/rules",
      method: "POST",
      path: "/api/rules",
      kind: "json",
      base: rule,
      fields: { name: "text", description: "text", threshold: "decimal", priority: "wholeNumber" },
    },
    {
      name: "PUT /api/rules/{id}",
      method: "PUT",
      path: `/api/rules/${ids.rule}`,
      kind: "json",
      base: { ...rule, isActive: true },
      fields: { name: "text", description: "text", threshold: "decimal", priority: "wholeNumber" },
    },
    {
      name: "POST /api/rules/collections/create",
      method: "POST",
      path: "/api/rules/collections/create",
      kind: "json",
      base: collectionRule,
      fields: { collectionId: "id", collectionTitle: "text", threshold: "decimal" },
    },
    {
      name: "PUT /api/rules/collections/{id}",
      method: "PUT",
      path: `/api/rules/collections/${ids.collectionRule}`,
      kind: "json",
      base: collectionRule,
      fields: { collectionId: "id", collectionTitle: "text", threshold: "decimal" },
    },
    {
      name: "POST /api/rules/stacking",
      method: "POST",
      path: "/api/rules/stacking",
      kind: "json",
      base: { enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] },
      fields: { blockedStacking: "list" },
    },
    {
      name: "POST /api/rules/blocking",
      method: "POST",
      path: "/api/rules/blocking",
      kind: "json",
      base: { instantBlocking: false, staffOverride: true, customerMessage: blockingMessage },
      fields: { customerMessage: "text" },
    },
    {
      name: "PUT /api/integrations/shopify/features",
      method: "PUT",
      path: "/api/integrations/shopify/features",
      kind: "json",
      base: { customerMessage: blockingMessage },
      fields: { customerMessage: "text" },
    },
    {
      name: "PUT /api/config/function",
      method: "PUT",
      path: "/api/config/function",
      kind: "json",
      base: { thresholdPercent: 35 },
      fields: { thresholdPercent: "decimal" },
    },
    {
      name: "POST /api/shopify/functions/test",
      method: "POST",
      path: "/api/shopify/functions/test",
      kind: "json",
      base: { subtotal: "100", discount: 45, thresholdPercent: 40 },
      fields: { subtotal: "decimal", discount: "decimal", thresholdPercent: "decimal" },
    },
    {
      name: "PUT /api/alerts/settings",
      method: "PUT",
      path: "/api/alerts/settings",
      kind: "json",
      base: {
        emailEnabled: true,
        emails: ["ops@example.com"],
        frequency: "hourly",
        minSeverity: "high",
        emailConfig: { smtpHost: "smtp.example.com", smtpPort: 587, smtpUsername: "ops" },
      },
      fields: {
        smtpPort: "wholeNumber",
        "emailConfig.smtpPort": "wholeNumber",
        "emailConfig.smtpUsername": "text",
        emails: "list",
        webhooks: "list",
      },
    },
    {
      name: "PUT /api/config/code-rules",
      method: "PUT",
      path: "/api/config/code-rules",
      kind: "json",
      base: codeRules,
      fields: {
        message: "text",
        maxCodes: "wholeNumber",
        forbiddenPairs: "list",
        protectedProductIds: "idList",
        protectedCollectionIds: "idList",
        customerTags: "tagList",
      },
    },
    {
      name: "POST /api/config/code-rules/preview",
      method: "POST",
      path: "/api/config/code-rules/preview",
      kind: "json",
      base: {
        settings: codeRules,
        cart: {
          lines: [{ title: "Linen shirt", productId: "1", price: "60.00", compareAtPrice: null, collectionIds: [] }],
          customerTags: ["vip"],
        },
        codes: ["SAVE20"],
      },
      fields: {
        "settings.maxCodes": "wholeNumber",
        "settings.customerTags": "tagList",
        "settings.protectedProductIds": "idList",
        "cart.lines.0.price": "decimal",
        "cart.customerTags": "tagList",
      },
    },
    {
      name: "POST /api/support",
      method: "POST",
      path: "/api/support",
      kind: "json",
      base: { name: "Ada", email: "ada@example.com", subject: "Codes", message: "Two codes stacked on #1001." },
      fields: { name: "text", subject: "text", message: "text" },
      // the form is checked before the rate limit and the mail: only 400 is a refusal
      accepted: (status) => status !== 400 && status < 500,
    },
    {
      name: "POST /rules intent=create",
      method: "POST",
      path: formPath("/rules", "routes/_admin.rules"),
      kind: "form",
      base: { intent: "create", ...ruleForm, isActive: "false" },
      fields: { name: "text", description: "text", threshold: "decimal", priority: "wholeNumber" },
    },
    {
      name: "POST /rules intent=update",
      method: "POST",
      path: formPath("/rules", "routes/_admin.rules"),
      kind: "form",
      base: { intent: "update", id: ids.rule, ...ruleForm },
      fields: { name: "text", threshold: "decimal", priority: "wholeNumber" },
    },
    {
      name: "POST /rules intent=createCollectionRule",
      method: "POST",
      path: formPath("/rules", "routes/_admin.rules"),
      kind: "form",
      base: {
        intent: "createCollectionRule",
        collectionId: "123456",
        collectionTitle: "Sale",
        ruleType: "max_discount",
        threshold: "25",
      },
      fields: { collectionId: "id", collectionTitle: "text", threshold: "decimal" },
    },
    {
      name: "POST /rules intent=saveBlocking",
      method: "POST",
      path: formPath("/rules", "routes/_admin.rules"),
      kind: "form",
      base: {
        intent: "saveBlocking",
        instantBlocking: "false",
        staffOverride: "true",
        customerMessage: blockingMessage,
      },
      fields: { customerMessage: "text" },
    },
    {
      name: "POST /rules intent=saveCodeRules",
      method: "POST",
      path: formPath("/rules", "routes/_admin.rules"),
      kind: "form",
      base: {
        intent: "saveCodeRules",
        message: "Codes don't apply to sale items.",
        maxCodes: "2",
        forbiddenPairs: "WELCOME10 + VIP25",
        protectedProductIds: "7, gid://shopify/Product/8",
        protectedCollectionIds: "55",
        customerTagsMode: "refuse",
        customerTags: "wholesale",
      },
      fields: {
        message: "text",
        maxCodes: "wholeNumber",
        protectedProductIds: "id",
        protectedCollectionIds: "id",
        customerTags: "text",
      },
    },
    {
      name: "POST /integration intent=saveSmtp",
      method: "POST",
      path: formPath("/integration", "routes/_admin.integration"),
      kind: "form",
      base: { intent: "saveSmtp", smtpHost: "smtp.example.com", smtpPort: "587", smtpUsername: "ops" },
      fields: { smtpPort: "wholeNumber", smtpUsername: "text" },
    },
    {
      name: "POST /integration intent=saveThreshold",
      method: "POST",
      path: formPath("/integration", "routes/_admin.integration"),
      kind: "form",
      base: { intent: "saveThreshold", thresholdPercent: "35" },
      fields: { thresholdPercent: "decimal" },
    },
    {
      name: "POST /integration intent=saveFeatures",
      method: "POST",
      path: formPath("/integration", "routes/_admin.integration"),
      kind: "form",
      base: {
        intent: "saveFeatures",
        instantBlocking: "false",
        staffOverride: "true",
        customerMessage: blockingMessage,
      },
      fields: { customerMessage: "text" },
    },
    {
      name: "POST /alerts intent=save",
      method: "POST",
      path: formPath("/alerts", "routes/_admin.alerts"),
      kind: "form",
      base: {
        intent: "save",
        emailEnabled: "on",
        emails: "ops@example.com",
        frequency: "hourly",
        minSeverity: "high",
        smtpPort: "587",
      },
      fields: { smtpPort: "wholeNumber", smtpUsername: "text" },
    },
    {
      name: "POST /onboarding intent=step",
      method: "POST",
      path: formPath("/onboarding", "routes/_admin.onboarding"),
      kind: "form",
      base: { intent: "step", step: "1" },
      fields: { step: "wholeNumber" },
      // the demo store has finished onboarding: finish it again
      after: { intent: "skip" },
    },
  ];
}

function requestOf(target: ProbeTarget, body: Record<string, unknown> | unknown): RequestInit {
  if (target.kind === "json") {
    return {
      method: target.method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
    };
  }
  return {
    method: target.method,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body as Record<string, string>).toString(),
    redirect: "manual",
  };
}

/** The probes of one target: a label and the body each becomes. */
function probesOf(target: ProbeTarget): { label: string; body: unknown }[] {
  return Object.entries(target.fields).flatMap(([field, kind]) => {
    const values: unknown[] = target.kind === "json" ? PROBES[kind] : formProbes(kind);
    return values.map((value) => ({
      label: `${field} = ${preview(value)}`,
      body:
        target.kind === "json" ? withPath(target.base, field.split("."), value) : { ...target.base, [field]: value },
    }));
  });
}

/** Runs the stage against a running server.js; `fingerprint` names the stored rows' state. */
export async function wrongAcceptStage(
  baseUrl: string,
  ids: { rule: string; collectionRule: string },
  options: { fingerprint: () => string; log?: (line: string) => void },
): Promise<AcceptsReport> {
  const report: AcceptsReport = { requests: 0, probes: 0, wrongAccepts: [], failures: [] };
  /** The answer's status, or the error of no answer. */
  const send = async (target: ProbeTarget, body: unknown): Promise<number | Error> => {
    report.requests += 1;
    try {
      const response = await fetch(`${baseUrl}${target.path}`, requestOf(target, body));
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  for (const target of probeTargets(ids)) {
    const accepted = target.accepted ?? ((status: number) => status < 400);
    const baseStatus = await send(target, target.base);
    if (baseStatus instanceof Error || !accepted(baseStatus)) {
      report.failures.push({
        target: target.name,
        input: "the valid base input",
        reason: `${baseStatus instanceof Error ? `no answer (${baseStatus.message})` : `answered ${baseStatus}`}: the probes of this target would test nothing`,
      });
      continue;
    }
    let wrong = 0;
    const probes = probesOf(target);
    for (const probe of probes) {
      const before = options.fingerprint();
      const status = await send(target, probe.body);
      report.probes += 1;
      if (status instanceof Error) {
        report.failures.push({ target: target.name, input: probe.label, reason: `no answer: ${status.message}` });
      } else if (status >= 500) {
        report.failures.push({ target: target.name, input: probe.label, reason: `answered ${status}` });
      } else if (accepted(status)) {
        wrong += 1;
        report.wrongAccepts.push({
          target: target.name,
          input: probe.label,
          reason: `wrong accept: answered ${status}`,
        });
      } else if (options.fingerprint() !== before) {
        report.failures.push({
          target: target.name,
          input: probe.label,
          reason: `answered ${status} but changed a row`,
        });
      }
    }
    if (target.after) await send({ ...target, kind: "form" }, target.after);
    options.log?.(`${`wrong accepts ${target.name}`.padEnd(58)} ${wrong} of ${probes.length} probes`);
  }
  options.log?.(`\nWrong accepts: ${report.wrongAccepts.length} of ${report.probes} probes (each must be refused)\n`);
  return report;
}
