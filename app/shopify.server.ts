import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { shopifyApi } from "@shopify/shopify-api";
import prisma from "./db.server";
import { getEnv } from "./env.server";
import { levelFromEnv, logger, type LogLevel } from "./logger.server";
import { EncryptedSessionStorage } from "./db/encrypted-session-storage.server";
import { CachedSessionStorage } from "./db/session-cache.server";
import { createOfflineTokens, refreshThrough } from "./db/offline-token.server";
import { recordInstall } from "./db/shops.server";

/** The Admin API version the app is written and tested against. */
export const API_VERSION = ApiVersion.October26;

const env = getEnv();

/** The library's lines go through the app's logger (docs/operations.md#logs). */
const shopifyLog = logger.child({ source: "shopify" });
const SHOPIFY_SEVERITY: Record<LogLevel, LogSeverity> = {
  debug: LogSeverity.Debug,
  info: LogSeverity.Info,
  warn: LogSeverity.Warning,
  error: LogSeverity.Error,
  silent: LogSeverity.Error,
};
const WRITE_AT: Record<LogSeverity, (message: string) => void> = {
  [LogSeverity.Debug]: (message) => shopifyLog.debug(message),
  [LogSeverity.Info]: (message) => shopifyLog.info(message),
  [LogSeverity.Warning]: (message) => shopifyLog.warn(message),
  [LogSeverity.Error]: (message) => shopifyLog.error(message),
};

const libraryLogger = {
  level: SHOPIFY_SEVERITY[levelFromEnv()],
  log: (severity: LogSeverity, message: string) => WRITE_AT[severity](message),
};

/**
 * Shopify's API library with the app's credentials, for what `shopifyApp` keeps inside: the webhook
 * validator (`webhooks.validate`) that both ways in run on a delivery's raw body
 * (docs/architecture.md#webhook-fast-path), and the offline token's refresh.
 */
export const shopifyLibrary = shopifyApi({
  apiKey: env.shopifyApiKey,
  apiSecretKey: env.shopifyApiSecret,
  apiVersion: API_VERSION,
  hostName: new URL(env.appUrl).host,
  hostScheme: new URL(env.appUrl).protocol === "http:" ? "http" : "https",
  isEmbeddedApp: true,
  isCustomStoreApp: false,
  logger: libraryLogger,
  _logDisabledFutureFlags: false,
  ...(env.shopCustomDomain ? { customShopDomains: [env.shopCustomDomain] } : {}),
});

const shopify = shopifyApp({
  apiKey: env.shopifyApiKey,
  apiSecretKey: env.shopifyApiSecret,
  apiVersion: API_VERSION,
  scopes: env.scopes,
  appUrl: env.appUrl,
  authPathPrefix: "/auth",
  // access tokens sealed at rest (docs/security.md#secrets-at-rest); the cache holds them in clear, in memory
  // expiring offline tokens refreshed once per shop across processes, never overwritten by an older
  // pair (docs/operations.md#shopify-access-tokens)
  sessionStorage: new CachedSessionStorage(
    new EncryptedSessionStorage(new PrismaSessionStorage(prisma), () => env.secretKeys, prisma),
    createOfflineTokens({
      db: prisma,
      keys: () => env.secretKeys,
      refresh: refreshThrough(shopifyLibrary),
    }),
  ),
  distribution: AppDistribution.AppStore,
  logger: libraryLogger,
  future: {
    // Token exchange: Shopify manages installation, session tokens become access tokens.
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    afterAuth: async ({ session }) => {
      await recordInstall(session.shop, session.scope ?? null);
    },
  },
  ...(env.shopCustomDomain ? { customShopDomains: [env.shopCustomDomain] } : {}),
});

export default shopify;
export const apiVersion = API_VERSION;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
