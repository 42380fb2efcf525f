import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["test/unit/**/*.test.ts", "test/component/**/*.test.tsx", "test/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["test/helpers/preload-deferred.ts"],
    pool: "threads",
    maxWorkers: 2,
    testTimeout: 15000,
  },
});
