import { EnvError, getEnv } from "../env.server";
import { ALLOWED_METHODS, bodyLimitFor, isAllowedMethod } from "./body-limits";
import { SECURITY_HEADERS } from "./security-headers";
import { logger } from "../logger.server";

export interface ServerSettings {
  port: number;
  /** proxy hops whose X-Forwarded-For is trusted (Express's "trust proxy") */
  trustProxy: number;
  securityHeaders: Readonly<Record<string, string>>;
  bodyLimitFor: (pathname: string) => number;
  isAllowedMethod: (method: string) => boolean;
  allowedMethods: readonly string[];
}

/**
 * What server.js needs to serve the build, read from the validated environment. Throws an
 * EnvError (server.js prints it and exits) when the environment is invalid, and when a
 * production build would serve the demo store under NODE_ENV=test: the demo store runs only
 * in development and in `npm run demo` (docs/architecture.md#stack).
 */
export function serverSettings(): ServerSettings {
  const env = getEnv();
  if (env.demoMode && env.nodeEnv === "test") {
    throw new EnvError(
      "NODE_ENV=test is for the test runner: the built server does not serve the demo store with it. " +
        "Use NODE_ENV=demo (npm run demo) or set the Shopify settings.",
    );
  }
  // settings production allows only by an explicit override are said loudly at every boot
  for (const warning of env.warnings) logger.warn(`⚠ WARNING: ${warning}`);
  return {
    port: env.port,
    trustProxy: env.trustProxy,
    securityHeaders: SECURITY_HEADERS,
    bodyLimitFor,
    isAllowedMethod,
    allowedMethods: ALLOWED_METHODS,
  };
}
