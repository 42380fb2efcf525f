import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cli } from "../helpers/cli";

// A folder that cannot be listed (no permission for this user, as happens in CI with files another
// user made). Tests often run as root, who reads every folder, so the refusal is made here.
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const readdir = (async (path: Parameters<typeof fs.readdir>[0], options?: unknown) => {
    if (String(path).endsWith("locked"))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), {
        code: "EACCES",
      });
    return fs.readdir(path, options as never);
  }) as typeof fs.readdir;
  return { ...fs, default: { ...fs, readdir }, readdir };
});

const dir = mkdtempSync(join(tmpdir(), "addon-studio-locked-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, body: unknown): string {
  const path = join(dir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(body, null, 2));
  return path;
}

describe("validate over a folder holding one it cannot read", () => {
  it("names the folder as not checked (exit 2) and still checks every other file", async () => {
    const good = put("addons/good.json", { widgets: [{ title_row: { text: "گزارش" } }] });
    put("addons/locked/hidden.json", { widgets: [] });
    mkdirSync(join(dir, "alone", "locked"), { recursive: true });
    const r = await cli(["validate", "--kind", "post", "--format", "json", join(dir, "addons")]);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code).toBe(2);
    const { files } = JSON.parse(r.out);
    expect(files).toEqual([
      expect.objectContaining({ file: good, ok: true }),
      {
        file: join(dir, "addons", "locked"),
        ok: false,
        error: {
          code: "unreadable",
          message: `cannot read the folder ${join(dir, "addons", "locked")}: permission denied`,
        },
      },
    ]);
    // The folder given is the one that cannot be read: said so, not "no .json file in it".
    const alone = await cli(["validate", "--kind", "post", join(dir, "alone", "locked")]);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain(`cannot read the folder ${join(dir, "alone", "locked")}: permission denied`);
  });
});
