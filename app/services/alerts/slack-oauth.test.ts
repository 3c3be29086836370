import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_SLACK_CLIENT, parseEnv } from "../../env.server";
import {
  SLACK_STATE_TTL_MS,
  isSlackOutcomeProblem,
  signSlackState,
  slackAuthorizeUrl,
  verifySlackState,
} from "./slack-oauth";

const KEY = "a-key-of-the-app-for-these-tests";
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe("Add to Slack's state", () => {
  it("comes back as it was signed, for its shop, until it expires", () => {
    const state = signSlackState("shop-a.myshopify.com", KEY, NOW, "nonce-1");
    expect(verifySlackState(state, KEY, NOW + 1_000)).toEqual({
      ok: true,
      state: { shop: "shop-a.myshopify.com", nonce: "nonce-1", expires: NOW + SLACK_STATE_TTL_MS },
    });
    expect(verifySlackState(state, KEY, NOW + SLACK_STATE_TTL_MS - 1).ok).toBe(true);
    expect(verifySlackState(state, KEY, NOW + SLACK_STATE_TTL_MS)).toEqual({
      ok: false,
      problem: "expired",
      shop: "shop-a.myshopify.com",
    });
  });

  it("is refused when signed under another key", () => {
    const state = signSlackState("shop-a.myshopify.com", "another-key", NOW);
    expect(verifySlackState(state, KEY, NOW)).toEqual({ ok: false, problem: "signature" });
  });

  it("is refused when its payload names another shop or a later expiry", () => {
    const state = signSlackState("shop-a.myshopify.com", KEY, NOW, "nonce-1");
    const [payload, signature] = state.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    for (const edit of [
      { ...decoded, shop: "shop-b.myshopify.com" },
      { ...decoded, expires: decoded.expires + 86_400_000 },
    ]) {
      const forged = `${Buffer.from(JSON.stringify(edit)).toString("base64url")}.${signature}`;
      expect(verifySlackState(forged, KEY, NOW)).toEqual({ ok: false, problem: "signature" });
    }
  });

  it("is refused when missing or not a state", () => {
    for (const text of [null, undefined, "", "abc", "a.b.c", ".sig", "payload."]) {
      expect(verifySlackState(text, KEY, NOW).ok).toBe(false);
    }
    // signed, but not the shape of a state
    const payload = Buffer.from(JSON.stringify({ shop: "x" })).toString("base64url");
    const mac = crypto
      .createHmac("sha256", KEY)
      .update(`margin-guardrail/slack-oauth-state/v1\n${payload}`)
      .digest("base64url");
    expect(verifySlackState(`${payload}.${mac}`, KEY, NOW)).toEqual({ ok: false, problem: "malformed" });
  });

  it("gets a fresh nonce each time", () => {
    const a = verifySlackState(signSlackState("shop-a.myshopify.com", KEY, NOW), KEY, NOW);
    const b = verifySlackState(signSlackState("shop-a.myshopify.com", KEY, NOW), KEY, NOW);
    expect(a.ok && b.ok && a.state.nonce !== b.state.nonce).toBe(true);
  });
});

describe("Slack's consent screen address", () => {
  it("asks the incoming-webhook scope, with the state and the redirect URL", () => {
    const url = new URL(
      slackAuthorizeUrl({
        baseUrl: "https://slack.com",
        clientId: "123.456",
        state: "s.t",
        redirectUri: "https://app.example/api/integrations/slack/callback",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://slack.com/oauth/v2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "123.456",
      scope: "incoming-webhook",
      state: "s.t",
      redirect_uri: "https://app.example/api/integrations/slack/callback",
    });
  });

  it("knows the outcomes the page explains", () => {
    expect(isSlackOutcomeProblem("denied")).toBe(true);
    expect(isSlackOutcomeProblem("connected")).toBe(false);
    expect(isSlackOutcomeProblem("toString")).toBe(false);
    expect(isSlackOutcomeProblem(null)).toBe(false);
  });
});

describe("the Slack app's settings", () => {
  const base = { NODE_ENV: "test", SHOPIFY_API_KEY: "key", SHOPIFY_API_SECRET: "secret" };
  it("are off without a client id: merchants paste a webhook URL", () => {
    expect(parseEnv(base).slack).toBeNull();
  });
  it("default to slack.com, and go together", () => {
    expect(parseEnv({ ...base, SLACK_CLIENT_ID: "1.2", SLACK_CLIENT_SECRET: "s" }).slack).toEqual({
      clientId: "1.2",
      clientSecret: "s",
      oauthBaseUrl: "https://slack.com",
    });
    expect(() => parseEnv({ ...base, SLACK_CLIENT_ID: "1.2" })).toThrow(/SLACK_CLIENT_ID and SLACK_CLIENT_SECRET/);
  });
  it("give the demo store its stand-in when no Slack app is set", () => {
    expect(parseEnv({ NODE_ENV: "demo", SHOPIFY_API_SECRET: "s", PORT: "3999" }).slack).toEqual({
      ...DEMO_SLACK_CLIENT,
      oauthBaseUrl: "http://127.0.0.1:3999/demo/slack",
    });
  });
  it("are refused in production over http, and in production only", () => {
    const production = {
      NODE_ENV: "production",
      SHOPIFY_API_KEY: "key",
      SHOPIFY_API_SECRET: "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",
      SHOPIFY_APP_URL: "https://guardrail.example.com",
      ALERTS_ENCRYPTION_KEY: "3db18889bfa6f2d06ca5b51f2da5783dde2c5752c502adf18fa3ade4fa9d960d",
      SMTP_URL: "smtps://mailer:pass@smtp.example.com:465",
      SLACK_CLIENT_ID: "1.2",
      SLACK_CLIENT_SECRET: "s",
    };
    expect(parseEnv(production).slack?.oauthBaseUrl).toBe("https://slack.com");
    // production never uses the demo's stand-in
    expect(parseEnv({ ...production, SLACK_CLIENT_ID: "", SLACK_CLIENT_SECRET: "" }).slack).toBeNull();
    expect(() => parseEnv({ ...production, SLACK_OAUTH_BASE_URL: "http://127.0.0.1:9" })).toThrow(
      /SLACK_OAUTH_BASE_URL must be an https/,
    );
  });
});
