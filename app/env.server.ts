import * as z from "zod";
import { loadDotEnv, resolveDatabaseUrl } from "./config/database-url";
import { derivedSecretKey, parseSecretKey, type SecretKey } from "./domain/secret-box";
import { secretWeakness } from "./domain/secret-strength";
import { SHOP_DOMAIN } from "./domain/shops/shop-domain";

export const DEFAULT_SCOPES =
  "read_orders,read_products,read_inventory,read_discounts,read_validations,write_validations,read_rollouts,write_analytics_annotations";
export const DEMO_SHOP_DOMAIN = "margin-guardrail-demo.myshopify.com";
export const DEFAULT_SUPPORT_EMAIL = "support@margin-guardrail.example";
/** The demo store's stand-in of Shopify's Admin GraphQL API (app/routes/demo.admin-api.graphql[.]json.ts). */
export const DEMO_ADMIN_API_PATH = "/demo/admin-api/graphql.json";
/** The demo store's stand-in of Slack's OAuth (app/routes/demo.slack.*, app/demo/slack-stand-in.ts). */
export const DEMO_SLACK_PATH = "/demo/slack";
export const DEFAULT_SLACK_OAUTH_BASE_URL = "https://slack.com";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** true or false; empty or unset is `fallback` (undefined: the caller decides). */
function trueOrFalse<Fallback extends boolean | undefined>(fallback: Fallback) {
  return optionalText
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
    .transform((value) => (value === undefined ? fallback : value === "true"));
}

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test", "demo"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  DATABASE_URL: optionalText,
  SHOPIFY_API_KEY: optionalText,
  SHOPIFY_API_SECRET: optionalText,
  SHOPIFY_APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  SCOPES: optionalText,
  SHOP_CUSTOM_DOMAIN: optionalText,
  // unset: test charges outside production, real ones in production
  SHOPIFY_BILLING_TEST: trueOrFalse(undefined),
  ALLOW_TEST_BILLING_IN_PRODUCTION: trueOrFalse(false),
  PLUS_PLAN_ENABLED: trueOrFalse(false),
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  MAIL_FROM: optionalText,
  RESEND_API_KEY: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_OUTBOX_DIR: optionalText,
  ALERTS_ENCRYPTION_KEY: optionalText,
  ALERTS_ENCRYPTION_KEYS_PREVIOUS: optionalText,
  TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxy hops in front of the app (0 for none)" })
    .int("must be a whole number of proxy hops")
    .min(0, "must be between 0 and 10")
    .max(10, "must be between 0 and 10")
    .default(0),
  ALERTS_ALLOW_PRIVATE_URLS: trueOrFalse(false),
  DEMO_SHOP_DOMAIN: optionalText.pipe(z.string().regex(SHOP_DOMAIN, "must be a *.myshopify.com domain").optional()),
  ADMIN_API_STAND_IN_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  SLACK_OAUTH_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  RECONCILE_EVERY_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be between 1 and 1440 minutes")
    .max(1440, "must be between 1 and 1440 minutes")
    .default(15),
});

export type AppEnv = {
  nodeEnv: "development" | "production" | "test" | "demo";
  isProduction: boolean;
  /** production lets alerts reach private and loopback addresses (receivers inside the app's own network) */
  alertsAllowPrivateUrls: boolean;
  /** True outside production when no Shopify API key is configured (docs/product.md#modes). */
  demoMode: boolean;
  port: number;
  databaseUrl: string;
  shopifyApiKey: string;
  shopifyApiSecret: string;
  appUrl: string;
  scopes: string[];
  shopCustomDomain?: string;
  /**
   * Charges are Shopify test charges, and only test subscriptions count as paid plans' proof
   * then; outside it a test subscription grants nothing (docs/security.md#production-settings-that-must-be-set).
   */
  billingTest: boolean;
  /** what the boot must say loudly: a production setting allowed by an explicit override */
  warnings: string[];
  /** the Plus plan is on sale and unlocks deploying checkout blocking (docs/product.md#decisions, 15) */
  plusPlanEnabled: boolean;
  /** keys of the merchant secrets at rest: the current one first, then previous ones (rotation) */
  secretKeys: SecretKey[];
  /** proxy hops in front of the app whose X-Forwarded-For is trusted; 0: the socket's address */
  trustProxy: number;
  demoShopDomain: string;
  /** how often each shop's orders are reconciled with Shopify's (docs/operations.md#reconciliation), in ms */
  reconcileEveryMs: number;
  /**
   * Outside production only: where the order actions' Admin API calls go instead of Shopify (a
   * local stand-in). The demo store uses its own (/demo/admin-api/graphql.json) unless set.
   */
  adminStandInUrl?: string;
  /**
   * The app's Slack app, for "Add to Slack" (docs/operations.md#slack-app); null when
   * SLACK_CLIENT_ID is unset (merchants paste an incoming-webhook URL instead). The demo store
   * uses its stand-in of Slack (/demo/slack) unless a client id is set.
   */
  slack: { clientId: string; clientSecret: string; oauthBaseUrl: string } | null;
  mail: {
    supportEmail: string;
    from: string;
    resendApiKey?: string;
    smtpUrl?: string;
    /** where mail is written when no transport is configured (outside production only) */
    outboxDir: string;
  };
};

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

const PRODUCTION_REQUIRED = ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET", "SHOPIFY_APP_URL"] as const;

/**
 * Values published in .env.example and the docs. They are public, so production refuses
 * them: a session token or a webhook signed with a public secret proves nothing.
 * (env.server.test.ts checks that every sample in .env.example is listed here.)
 */
export const SAMPLE_VALUES: Readonly<Record<string, readonly string[]>> = {
  SHOPIFY_API_KEY: ["demo-api-key"],
  SHOPIFY_API_SECRET: ["demo-shared-secret-change-me", "e2e-webhook-secret", "testApiSecretKey"],
};
/** Shopify's client secrets are 32 hex digits after an optional `shpss_`. */
export const MIN_SECRET_LENGTH = 32;

function isSecretKey(text: string): boolean {
  try {
    parseSecretKey(text);
    return true;
  } catch {
    return false;
  }
}

/** Every public sample, which no production secret may contain. */
const PUBLIC_SAMPLES = Object.values(SAMPLE_VALUES).flat();

function productionProblems(raw: {
  SHOPIFY_API_KEY?: string;
  SHOPIFY_API_SECRET?: string;
  SHOPIFY_APP_URL?: string;
  ALERTS_ENCRYPTION_KEY?: string;
  ADMIN_API_STAND_IN_URL?: string;
  SLACK_OAUTH_BASE_URL?: string;
  SHOPIFY_BILLING_TEST?: boolean;
  ALLOW_TEST_BILLING_IN_PRODUCTION: boolean;
  RESEND_API_KEY?: string;
  SMTP_URL?: string;
}): string[] {
  const problems: string[] = [];
  for (const [name, samples] of Object.entries(SAMPLE_VALUES)) {
    const value = raw[name as "SHOPIFY_API_KEY" | "SHOPIFY_API_SECRET"];
    if (value && samples.includes(value)) {
      problems.push(`${name} is the public sample value from .env.example; set the app's own value`);
    }
  }
  const secret = raw.SHOPIFY_API_SECRET ?? "";
  if (secret.length < MIN_SECRET_LENGTH) {
    problems.push(
      `SHOPIFY_API_SECRET is too short (${secret.length} characters; Shopify's have at least ${MIN_SECRET_LENGTH})`,
    );
  } else if (!SAMPLE_VALUES.SHOPIFY_API_SECRET.includes(secret)) {
    const weakness = secretWeakness(secret, PUBLIC_SAMPLES);
    if (weakness) problems.push(`SHOPIFY_API_SECRET is not a real client secret: ${weakness}`);
  }
  if (raw.SHOPIFY_APP_URL && !raw.SHOPIFY_APP_URL.startsWith("https://")) {
    problems.push("SHOPIFY_APP_URL must be an https:// URL in production (Shopify only loads apps over https)");
  }
  if (raw.ADMIN_API_STAND_IN_URL) {
    problems.push("ADMIN_API_STAND_IN_URL is for the demo store and tests; production calls Shopify itself");
  }
  if (!raw.ALERTS_ENCRYPTION_KEY) {
    problems.push(
      "ALERTS_ENCRYPTION_KEY is required in production: 32 random bytes as 64 hex digits (openssl rand -hex 32)",
    );
  } else if (isSecretKey(raw.ALERTS_ENCRYPTION_KEY)) {
    // (a key that does not parse is named by secretKeysFrom)
    const weakness = secretWeakness(raw.ALERTS_ENCRYPTION_KEY.trim(), PUBLIC_SAMPLES);
    if (weakness) {
      problems.push(`ALERTS_ENCRYPTION_KEY is not random: ${weakness}; make one with openssl rand -hex 32`);
    }
  }
  if (raw.SHOPIFY_BILLING_TEST && !raw.ALLOW_TEST_BILLING_IN_PRODUCTION) {
    problems.push(
      "SHOPIFY_BILLING_TEST=true makes every charge a test charge, so merchants would get paid plans free; " +
        "set it to false (or leave it unset) in production. Only for a production build serving development " +
        "stores, ALLOW_TEST_BILLING_IN_PRODUCTION=true lets it boot",
    );
  }
  if (raw.SLACK_OAUTH_BASE_URL && !raw.SLACK_OAUTH_BASE_URL.startsWith("https://")) {
    problems.push("SLACK_OAUTH_BASE_URL must be an https:// URL in production (leave it empty for https://slack.com)");
  }
  if (!raw.RESEND_API_KEY && !raw.SMTP_URL) {
    problems.push(
      "No mail transport: set RESEND_API_KEY or SMTP_URL. The public support and contact-sales forms and " +
        "e-mail alerts send through it; without one every message would fail",
    );
  }
  return problems;
}

/**
 * Reads and validates the environment. Pure: give it any record of variables.
 * Throws an EnvError whose message names every variable that is missing or invalid.
 */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  if (isProduction) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !raw[name]);
    if (missing.length > 0) {
      throw new EnvError(
        `Missing Shopify settings for production: ${missing.join(", ")}. ` +
          "Set them in the environment (see .env.example); the demo store cannot run in production.",
      );
    }
    const problems = productionProblems(raw);
    if (problems.length > 0) {
      throw new EnvError(`Unsafe production configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
    }
  }
  const demoMode = !isProduction && !raw.SHOPIFY_API_KEY;
  if (!demoMode && !raw.SHOPIFY_API_SECRET) {
    throw new EnvError(
      "Missing SHOPIFY_API_SECRET: it is required whenever SHOPIFY_API_KEY is set (see .env.example).",
    );
  }
  if (demoMode && !raw.SHOPIFY_API_SECRET) {
    throw new EnvError(
      "Missing SHOPIFY_API_SECRET: the demo store verifies webhooks with it. Copy .env.example to .env.",
    );
  }
  if (Boolean(raw.SLACK_CLIENT_ID) !== Boolean(raw.SLACK_CLIENT_SECRET)) {
    throw new EnvError(
      "SLACK_CLIENT_ID and SLACK_CLIENT_SECRET go together: set both (Add to Slack) or neither (pasted webhook URLs only).",
    );
  }
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    demoMode,
    port: raw.PORT,
    databaseUrl: resolveDatabaseUrl(raw.DATABASE_URL),
    shopifyApiKey: raw.SHOPIFY_API_KEY ?? "demo-api-key",
    shopifyApiSecret: raw.SHOPIFY_API_SECRET!,
    appUrl: raw.SHOPIFY_APP_URL ?? `http://localhost:${raw.PORT}`,
    scopes: (raw.SCOPES ?? DEFAULT_SCOPES)
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean),
    shopCustomDomain: raw.SHOP_CUSTOM_DOMAIN,
    billingTest: raw.SHOPIFY_BILLING_TEST ?? !isProduction,
    warnings:
      isProduction && raw.SHOPIFY_BILLING_TEST
        ? [
            "SHOPIFY_BILLING_TEST=true in production (ALLOW_TEST_BILLING_IN_PRODUCTION=true): every charge is a " +
              "test charge and test subscriptions grant paid plans. Only for development stores.",
          ]
        : [],
    plusPlanEnabled: raw.PLUS_PLAN_ENABLED,
    trustProxy: raw.TRUST_PROXY,
    alertsAllowPrivateUrls: raw.ALERTS_ALLOW_PRIVATE_URLS,
    secretKeys: secretKeysFrom(raw, isProduction),
    demoShopDomain: raw.DEMO_SHOP_DOMAIN ?? DEMO_SHOP_DOMAIN,
    reconcileEveryMs: raw.RECONCILE_EVERY_MINUTES * 60_000,
    adminStandInUrl:
      raw.ADMIN_API_STAND_IN_URL ?? (demoMode ? `http://127.0.0.1:${raw.PORT}${DEMO_ADMIN_API_PATH}` : undefined),
    slack: slackAppOf(raw, demoMode),
    mail: {
      supportEmail: raw.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
      from: raw.MAIL_FROM ?? "Margin Guardrail <no-reply@margin-guardrail.example>",
      resendApiKey: raw.RESEND_API_KEY,
      smtpUrl: raw.SMTP_URL,
      outboxDir: raw.MAIL_OUTBOX_DIR ?? ".mail-outbox",
    },
  };
}

/** The demo's stand-in Slack app: public values, accepted only by the demo's own stand-in. */
export const DEMO_SLACK_CLIENT = { clientId: "demo-slack-client", clientSecret: "demo-slack-secret" };

function slackAppOf(
  raw: { SLACK_CLIENT_ID?: string; SLACK_CLIENT_SECRET?: string; SLACK_OAUTH_BASE_URL?: string; PORT: number },
  demoMode: boolean,
): AppEnv["slack"] {
  if (raw.SLACK_CLIENT_ID && raw.SLACK_CLIENT_SECRET) {
    return {
      clientId: raw.SLACK_CLIENT_ID,
      clientSecret: raw.SLACK_CLIENT_SECRET,
      oauthBaseUrl: (raw.SLACK_OAUTH_BASE_URL ?? DEFAULT_SLACK_OAUTH_BASE_URL).replace(/\/+$/, ""),
    };
  }
  if (!demoMode) return null;
  return {
    ...DEMO_SLACK_CLIENT,
    oauthBaseUrl: (raw.SLACK_OAUTH_BASE_URL ?? `http://127.0.0.1:${raw.PORT}${DEMO_SLACK_PATH}`).replace(/\/+$/, ""),
  };
}

/**
 * The keys of the merchant secrets: ALERTS_ENCRYPTION_KEY, then ALERTS_ENCRYPTION_KEYS_PREVIOUS
 * (comma-separated, for rotation). Outside production without a key, one is derived from the
 * API secret, so the demo store and tests need no setting (docs/security.md#secrets-at-rest).
 */
function secretKeysFrom(
  raw: { ALERTS_ENCRYPTION_KEY?: string; ALERTS_ENCRYPTION_KEYS_PREVIOUS?: string; SHOPIFY_API_SECRET?: string },
  isProduction: boolean,
): SecretKey[] {
  const read = (name: string, text: string) => {
    try {
      return parseSecretKey(text);
    } catch (error) {
      throw new EnvError(`Invalid environment configuration:\n  ${name}: ${(error as Error).message}`);
    }
  };
  const current = raw.ALERTS_ENCRYPTION_KEY
    ? read("ALERTS_ENCRYPTION_KEY", raw.ALERTS_ENCRYPTION_KEY)
    : isProduction
      ? null
      : derivedSecretKey(raw.SHOPIFY_API_SECRET ?? "");
  const previous = (raw.ALERTS_ENCRYPTION_KEYS_PREVIOUS ?? "")
    .split(",")
    .filter((text) => text.trim() !== "")
    .map((text) => read("ALERTS_ENCRYPTION_KEYS_PREVIOUS", text));
  return current ? [current, ...previous] : previous;
}

let cached: AppEnv | undefined;

/** The validated environment, read once per process. */
export function getEnv(): AppEnv {
  if (!cached) {
    loadDotEnv();
    cached = parseEnv(process.env);
  }
  return cached;
}
