/** Remix 2 classic compiler (the product's layout names remix.config.js). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // Inline the Polaris locale JSON (Node needs an import attribute for external JSON).
  serverDependenciesToBundle: [/^@shopify\/polaris\/locales\//],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // The whole route manifest ships with the page, so pages make no manifest requests.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
