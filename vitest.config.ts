import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    environment: "node",
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "extensions/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/test-env.ts"],
    // Each file gets fresh modules (and so its own database, see test-env.ts).
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
