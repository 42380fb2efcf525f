import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium: Playwright's own browser downloads are not reachable here (CONVENTIONS).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium))
  throw new Error(`Chromium not found at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);

export const STUDIO_PORT = 8797;
export const EMULATOR_PORT = 8798;

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
    screenshot: "only-on-failure",
    trace: "off",
    video: "off",
    launchOptions: {
      executablePath: chromium,
      // Without these, Chromium tries to reach Google's hosts on this closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node --import tsx src/server/main.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${STUDIO_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      PORT: String(STUDIO_PORT),
      EMULATOR_PORT: String(EMULATOR_PORT),
      PUBLIC_URL: `http://127.0.0.1:${STUDIO_PORT}`,
    },
  },
});
