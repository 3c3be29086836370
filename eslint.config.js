// ESLint flat config: typescript-eslint, the rules of hooks, and the architecture's layers
// (docs/decisions/0011-layers-folders-and-lint.md, docs/decisions/0034-layers-and-their-edges.md):
// domain/ is pure; services never reach up into routes, components or the inbound edge (http/), nor
// into demo/; routes reach the database only through services; app code logs through
// app/logger.server.ts (docs/decisions/0035-one-logger-json-lines.md). No import cycle is checked by
// dependency-cruiser (.dependency-cruiser.cjs). Formatting is Prettier's (npm run lint runs all three).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What pure domain code may not import: I/O, the database, Shopify, the environment. */
const IO_MODULES = [
  { group: ["**/services/**", "**/db/**", "**/db.server", "**/http/**"], message: "domain/ is pure: no I/O." },
  { group: ["**/shopify.server", "**/env.server", "**/*.server"], message: "domain/ is pure: no server modules." },
  { group: ["@prisma/client"], message: "domain/ may use Prisma's types only (import type).", allowTypeImports: true },
  {
    group: ["node:fs", "node:fs/*", "node:http", "node:https", "node:net", "node:child_process"],
    message: "domain/ is pure: no I/O.",
  },
];
/** What services (and the HTTP helpers) may not import: the screens that use them. */
const SCREEN_MODULES = [
  { group: ["**/routes/**", "**/components/**"], message: "Services do not import routes or components." },
];
/** What services may not import besides: the inbound edge that calls them, and the demo store. */
const EDGE_MODULES = [
  {
    group: ["**/http/**"],
    message: "http/ is the inbound edge: services take plain inputs (domain types) and return plain results.",
  },
  { group: ["**/demo/**"], message: "Services do not import demo/: the caller passes what the demo supplies." },
];
/** What routes may not import: the database (they reach it through services). */
const DATABASE_MODULES = [
  { group: ["**/db/**", "**/db.server"], message: "Routes reach the database only through services." },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "tests/.tmp/",
      "test-results/",
      "playwright-report/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-import-type-side-effects": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Pass the time in (domain/ is pure).",
        },
      ],
    },
  },
  {
    // no-restricted-syntax above is meant for domain/ only
    files: ["**/*"],
    ignores: ["app/domain/**"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["app/domain/**/*.ts"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: IO_MODULES }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/routes/**"], message: "Components do not import routes." }] },
      ],
    },
  },
  {
    files: ["app/http/**/*.ts", "app/db/**/*.ts", "app/outbound/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: SCREEN_MODULES }] },
  },
  {
    files: ["app/services/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...SCREEN_MODULES, ...EDGE_MODULES] }],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: DATABASE_MODULES }] },
  },
  {
    // one logger (app/logger.server.ts); the few console calls left say why on their line
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: { "no-console": "error" },
  },
);
