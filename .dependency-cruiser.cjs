// The import graph of app/ has no cycle, not even a type-only one (docs/architecture.md#layers-and-folders).
// `npm run lint` runs this; the layer rules themselves are ESLint's (eslint.config.js).
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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|public/build)/" },
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
