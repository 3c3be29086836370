import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvError, SAMPLE_VALUES, parseEnv } from "./env.server";

const production = {
  NODE_ENV: "production",
  SHOPIFY_API_KEY: "key",
  // random, as real ones are: patterned values are refused in production
  SHOPIFY_API_SECRET: "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",
  SHOPIFY_APP_URL: "https://guardrail.example.com",
  ALERTS_ENCRYPTION_KEY: "3db18889bfa6f2d06ca5b51f2da5783dde2c5752c502adf18fa3ade4fa9d960d",
  SMTP_URL: "smtps://mailer:pass@smtp.example.com:465",
};

function message(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted the environment");
}

describe("environment validation", () => {
  it("runs the demo store outside production without an API key", () => {
    const env = parseEnv({ SHOPIFY_API_SECRET: "demo" });
    expect(env.demoMode).toBe(true);
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toMatch(/^file:\/.*prisma\/dev\.sqlite$/);
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.scopes).toContain("read_orders");
  });
  it("is not in demo mode once an API key is set", () => {
    expect(parseEnv({ ...production, NODE_ENV: "development" }).demoMode).toBe(false);
  });
  it("accepts a complete production configuration", () => {
    const env = parseEnv({ ...production, PORT: "8080", SCOPES: "read_orders, read_products" });
    expect(env).toMatchObject({ isProduction: true, demoMode: false, port: 8080 });
    expect(env.scopes).toEqual(["read_orders", "read_products"]);
  });
  it("stops production without Shopify settings, naming each missing variable", () => {
    const text = message({ NODE_ENV: "production", SHOPIFY_API_SECRET: "secret" });
    expect(text).toContain("SHOPIFY_API_KEY");
    expect(text).toContain("SHOPIFY_APP_URL");
    expect(text).not.toContain("SHOPIFY_API_SECRET,");
    expect(text).toContain("demo store cannot run in production");
  });
  it("never turns demo mode on in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
  });
  it("names an invalid port", () => {
    expect(message({ SHOPIFY_API_SECRET: "s", PORT: "http" })).toMatch(/PORT: must be a port number/);
    expect(message({ SHOPIFY_API_SECRET: "s", PORT: "70000" })).toMatch(/PORT: must be between 1 and 65535/);
  });
  it("names an invalid app URL", () => {
    expect(message({ ...production, SHOPIFY_APP_URL: "not a url" })).toMatch(/SHOPIFY_APP_URL/);
  });
  it("names an invalid NODE_ENV and billing flag", () => {
    expect(message({ SHOPIFY_API_SECRET: "s", NODE_ENV: "staging" })).toMatch(/NODE_ENV/);
    expect(message({ SHOPIFY_API_SECRET: "s", SHOPIFY_BILLING_TEST: "yes" })).toMatch(
      /SHOPIFY_BILLING_TEST: must be true or false/,
    );
  });
  it("requires the API secret, which verifies webhooks, in every mode", () => {
    expect(message({})).toMatch(/SHOPIFY_API_SECRET/);
    expect(message({ NODE_ENV: "development", SHOPIFY_API_KEY: "key" })).toMatch(/SHOPIFY_API_SECRET/);
  });
  it("treats empty values as unset", () => {
    expect(parseEnv({ SHOPIFY_API_SECRET: "s", SHOPIFY_API_KEY: "", SHOPIFY_APP_URL: "" }).demoMode).toBe(true);
  });
  it("keeps absolute and non-file database URLs as they are", () => {
    expect(parseEnv({ SHOPIFY_API_SECRET: "s", DATABASE_URL: "file:/tmp/x.sqlite" }).databaseUrl).toBe(
      "file:/tmp/x.sqlite",
    );
  });
  it("refuses to run production on the public sample secret from .env.example", () => {
    // Finding 2 of the hardening issue: a .env copied from .env.example must not boot production.
    const text = message({ ...production, SHOPIFY_API_SECRET: "demo-shared-secret-change-me" });
    expect(text).toMatch(/SHOPIFY_API_SECRET is the public sample value/);
  });
  it("lists every sample value that .env.example publishes", () => {
    const example = fs.readFileSync(".env.example", "utf8");
    for (const name of ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"]) {
      const value = example.match(new RegExp(`^${name}=(.*)$`, "m"))?.[1]?.trim();
      if (value) expect(SAMPLE_VALUES[name]).toContain(value);
    }
  });
  it("refuses a short secret and a plain-http app URL in production", () => {
    expect(message({ ...production, SHOPIFY_API_SECRET: "short-secret" })).toMatch(/SHOPIFY_API_SECRET is too short/);
    expect(message({ ...production, SHOPIFY_APP_URL: "http://guardrail.example.com" })).toMatch(
      /SHOPIFY_APP_URL must be an https:\/\/ URL/,
    );
  });
  it("reads TRUST_PROXY as a number of hops, 0 by default", () => {
    expect(parseEnv({ SHOPIFY_API_SECRET: "s" }).trustProxy).toBe(0);
    expect(parseEnv({ SHOPIFY_API_SECRET: "s", TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(message({ SHOPIFY_API_SECRET: "s", TRUST_PROXY: "true" })).toMatch(/TRUST_PROXY/);
    expect(message({ SHOPIFY_API_SECRET: "s", TRUST_PROXY: "11" })).toMatch(/TRUST_PROXY: must be between 0 and 10/);
  });
  it("requires the secrets' encryption key in production, and derives one elsewhere", () => {
    const { ALERTS_ENCRYPTION_KEY: _key, ...withoutKey } = production;
    expect(message(withoutKey)).toMatch(/ALERTS_ENCRYPTION_KEY is required in production/);
    expect(message({ ...production, ALERTS_ENCRYPTION_KEY: "short" })).toMatch(
      /ALERTS_ENCRYPTION_KEY: An encryption key is 32 bytes/,
    );
    expect(parseEnv(production).secretKeys).toHaveLength(1);
    const demo = parseEnv({ SHOPIFY_API_SECRET: "s" });
    expect(demo.secretKeys).toHaveLength(1);
    expect(demo.secretKeys[0].key).toHaveLength(32);
  });
  it("keeps previous keys after the current one, for rotation", () => {
    const env = parseEnv({ ...production, ALERTS_ENCRYPTION_KEYS_PREVIOUS: `${"ab".repeat(32)},${"cd".repeat(32)}` });
    expect(env.secretKeys.map((key) => key.key.toString("hex"))).toEqual([
      production.ALERTS_ENCRYPTION_KEY,
      "ab".repeat(32),
      "cd".repeat(32),
    ]);
  });
  it("refuses low-entropy and patterned secrets and keys in production", () => {
    // 32 x "x", an all-zero key and a secret that merely contains the public sample booted
    expect(message({ ...production, SHOPIFY_API_SECRET: "x".repeat(32) })).toMatch(
      /SHOPIFY_API_SECRET is not a real client secret: it is guessable in about 10\^\d+ guesses \(repeat/,
    );
    expect(message({ ...production, SHOPIFY_API_SECRET: "demo-shared-secret-change-me-but-longer" })).toMatch(
      /SHOPIFY_API_SECRET is not a real client secret: it contains the public sample value "demo-shared-secret-change-me"/,
    );
    expect(message({ ...production, ALERTS_ENCRYPTION_KEY: "0".repeat(64) })).toMatch(
      /ALERTS_ENCRYPTION_KEY is not random: it is guessable .*openssl rand -hex 32/,
    );
    expect(message({ ...production, ALERTS_ENCRYPTION_KEY: "ab".repeat(32) })).toMatch(
      /ALERTS_ENCRYPTION_KEY is not random/,
    );
    // outside production the demo and tests may use anything
    expect(() => parseEnv({ SHOPIFY_API_SECRET: "x".repeat(32), ALERTS_ENCRYPTION_KEY: "0".repeat(64) })).not.toThrow();
  });
  it("refuses test billing in production unless explicitly allowed, and says so loudly", () => {
    expect(message({ ...production, SHOPIFY_BILLING_TEST: "true" })).toMatch(
      /SHOPIFY_BILLING_TEST=true makes every charge a test charge.*ALLOW_TEST_BILLING_IN_PRODUCTION=true/,
    );
    const allowed = parseEnv({ ...production, SHOPIFY_BILLING_TEST: "true", ALLOW_TEST_BILLING_IN_PRODUCTION: "true" });
    expect(allowed.billingTest).toBe(true);
    expect(allowed.warnings.join("\n")).toMatch(/test subscriptions grant paid plans/);
  });
  it("reads an empty flag, as .env.example leaves SHOPIFY_BILLING_TEST, as unset", () => {
    expect(parseEnv({ SHOPIFY_API_SECRET: "s", SHOPIFY_BILLING_TEST: "" }).billingTest).toBe(true);
    expect(parseEnv({ ...production, SHOPIFY_BILLING_TEST: "", PLUS_PLAN_ENABLED: "" })).toMatchObject({
      billingTest: false,
      plusPlanEnabled: false,
    });
  });
  it("charges for real in production and in test mode elsewhere when unset", () => {
    expect(parseEnv(production)).toMatchObject({ billingTest: false, warnings: [] });
    expect(parseEnv({ ...production, SHOPIFY_BILLING_TEST: "false" }).billingTest).toBe(false);
    expect(parseEnv({ SHOPIFY_API_SECRET: "s" }).billingTest).toBe(true);
    expect(parseEnv({ SHOPIFY_API_SECRET: "s", SHOPIFY_BILLING_TEST: "false" }).billingTest).toBe(false);
  });
  it("refuses production without a mail transport", () => {
    const { SMTP_URL: _smtp, ...withoutMail } = production;
    expect(message(withoutMail)).toMatch(/No mail transport: set RESEND_API_KEY or SMTP_URL/);
    expect(() => parseEnv({ ...withoutMail, RESEND_API_KEY: "re_live_key" })).not.toThrow();
  });
  it("checks the demo shop domain", () => {
    expect(message({ SHOPIFY_API_SECRET: "s", DEMO_SHOP_DOMAIN: "evil.com" })).toMatch(/DEMO_SHOP_DOMAIN/);
  });
});
