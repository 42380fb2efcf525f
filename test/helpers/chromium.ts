/**
 * The Chromium the browser tests and the benchmark launch: Debian's, since Playwright's own
 * browser downloads are not reachable here (CONVENTIONS).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launch flags: without these, Chromium tries to reach Google's hosts on this closed network. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
