// Installs the project's packages when they are missing or older than the lock file, so that
// `npm start` and `npm test` work as the first command on a fresh clone.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const marker = join(root, "node_modules", ".package-lock.json");
const lock = join(root, "package-lock.json");

const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log("Installing packages (npm ci)…");
  const res = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) {
    console.error("npm ci failed: see the messages above (the npm registry must be reachable).");
    process.exit(res.status ?? 1);
  }
}
