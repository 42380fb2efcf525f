import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium";
import { EMULATOR_PORT, STUDIO_PORT } from "./ports";

if (!existsSync(CHROMIUM_PATH))
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );

/** Where the suite's own build of the editor goes (ignored by git with node_modules). */
const E2E_DIST = "node_modules/.cache/addon-studio-e2e/dist";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../../test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${STUDIO_PORT}`,
    headless: true,
    // A missing control fails in 10 s rather than at the 30 s test limit.
    actionTimeout: 10_000,
    // The studio is a desktop tool; 1440x900 is also the size of the README's screenshots.
    viewport: { width: 1440, height: 900 },
    screenshot: "only-on-failure",
    trace: "off",
    video: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    // Like src/server/main.ts, plus a clock the tests can move (see e2e-server.ts).
    // Its own build of the editor: a `vite build` run elsewhere on the machine (benchmarks, another
    // engineer) empties dist/ and would break a run half-way.
    command: `npx vite build --logLevel error --outDir ${E2E_DIST} --emptyOutDir && node --import tsx test/e2e/e2e-server.ts`,
    cwd: "../..",
    url: `http://127.0.0.1:${STUDIO_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      PORT: String(STUDIO_PORT),
      EMULATOR_PORT: String(EMULATOR_PORT),
      PUBLIC_URL: `http://127.0.0.1:${STUDIO_PORT}`,
      DIST_DIR: E2E_DIST,
    },
  },
});
