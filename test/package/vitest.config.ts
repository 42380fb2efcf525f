import { defineConfig } from "vitest/config";

// The package test alone (npm run test:package): it packs, installs and starts the package, so it
// runs in one worker, after the other suites, with minutes rather than seconds of budget.
export default defineConfig({
  test: {
    include: ["test/package/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
