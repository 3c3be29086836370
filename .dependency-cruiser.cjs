// The import graph of app/ has no cycle, not even a type-only one (docs/architecture.md#layers-and-folders).
// `npm run lint` runs this; the layer rules themselves are ESLint's (eslint.config.js). No folder of
// app/services/ imports one that imports it back (no-service-folder-cycle).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "A module reaches itself through its imports (type-only imports count): cut the cycle.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-service-folder-cycle",
      severity: "error",
      comment:
        "A service folder imports another that imports it back, directly or through other service folders " +
        "(docs/architecture.md#layers-and-folders): move the shared piece to the folder it belongs to, or to " +
        "app/domain if it is pure.",
      // folders, not modules: billing/a.ts -> shops/b.ts and shops/c.ts -> billing/d.ts is a cycle of folders
      // that no module-level cycle shows
      scope: "folder",
      from: { path: "^app/services/[^/]+$" },
      to: { path: "^app/services/[^/]+$", circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // a test file is never imported, so it is in no cycle; leaving tests out also keeps tests/fixtures/
    // (which imports app/demo/) out of the folders' graph, where it would close a cycle through app/ for
    // every service folder
    exclude: { path: ["(^|/)(node_modules|build|public/build)/", "\\.test\\.tsx?$"] },
    // count `import type` too: a type-only cycle is still two modules that cannot be read apart
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    skipAnalysisNotInRules: true,
  },
};
