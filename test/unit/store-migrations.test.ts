import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

const MIGRATIONS = "src/server/store/migrations";

it("has a migration for every change to the store's schema (drizzle-kit finds nothing to generate)", () => {
  const dir = mkdtempSync(join(tmpdir(), "addon-studio-migrations-"));
  try {
    cpSync(MIGRATIONS, dir, { recursive: true });
    // drizzle-kit reads --out as a path relative to the working directory.
    const out = execFileSync(
      process.execPath,
      [
        "node_modules/drizzle-kit/bin.cjs",
        "generate",
        "--dialect",
        "postgresql",
        "--schema",
        "./src/server/store/schema.ts",
        "--out",
        relative(process.cwd(), dir),
      ],
      { encoding: "utf8", stdio: "pipe" },
    );
    expect(out).toContain("No schema changes");
    expect(readdirSync(dir).sort()).toEqual(readdirSync(MIGRATIONS).sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
