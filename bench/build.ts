import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

/** Builds `dist/` with `npx vite build` when it is missing or older than its sources; returns why it built. */
export function ensureBuilt(): { built: boolean; reason: string } {
  const index = join(ROOT, "dist", "index.html");
  const sources = Math.max(
    newest(join(ROOT, "src")),
    newest(join(ROOT, "index.html")),
    newest(join(ROOT, "vite.config.ts")),
    newest(join(ROOT, "package-lock.json")),
  );
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built >= sources) return { built: false, reason: "dist/ is up to date" };
  const reason = built === 0 ? "dist/ is missing" : "dist/ is older than src/";
  console.log(`${reason}: building it with npx vite build ...`);
  execFileSync("npx", ["vite", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  return { built: true, reason };
}
