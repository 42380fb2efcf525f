import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectFiles } from "../../src/cli/collect-files";
import { cli } from "../helpers/cli";

// A CI line often names a file twice: a folder and a file inside it, or a shell glob beside the
// folder. Each file is checked once, so its problems (and GitHub annotations) are not printed twice
// and the summary counts files, not arguments.
const dir = mkdtempSync(join(tmpdir(), "addon-studio-collect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

mkdirSync(join(dir, "addons"));
const good = join(dir, "addons/good.json");
const bad = join(dir, "addons/bad.json");
writeFileSync(good, JSON.stringify({ widgets: [{ title_row: { text: "سلام" } }] }));
writeFileSync(bad, JSON.stringify({ widgets: [{ title_row: { text: 5 } }] }));

describe("validate: a file named more than once is checked once", () => {
  it("a folder and a file inside it, written another way (./, absolute, with ..)", async () => {
    const fromCwd = relative(process.cwd(), bad);
    const r = await cli([
      "validate",
      "--kind",
      "post",
      join(dir, "addons"),
      `./${fromCwd}`,
      join(dir, "addons/../addons/bad.json"),
      fromCwd,
    ]);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `${bad}:1:27: widgets[0].title_row.text: must be text (a string), not a number`,
    ]);
    expect(r.err).toBe("Checked 2 files: 1 valid, 1 invalid (1 error, 0 warnings)\n");
  });

  it("the first name given is the one shown", async () => {
    const r = await cli(["validate", "--kind", "post", "--format", "json", good, join(dir, "addons")]);
    const { files } = JSON.parse(r.out) as { files: Array<{ file: string }> };
    expect(files.map((f) => f.file)).toEqual([good, bad]);
  });
});

describe("validate: a folder reached through a symbolic link", () => {
  const shared = join(dir, "shared");
  mkdirSync(shared);
  writeFileSync(join(shared, "broken.json"), JSON.stringify({ widgets: [{ title_row: { text: 5 } }] }));
  mkdirSync(join(dir, "project/addons"), { recursive: true });
  writeFileSync(
    join(dir, "project/addons/own.json"),
    JSON.stringify({ widgets: [{ title_row: { text: "a" } }] }),
  );
  symlinkSync(shared, join(dir, "project/addons/shared"));
  // A link back up the tree: walked once, not until the path is too long.
  symlinkSync(join(dir, "project"), join(dir, "project/addons/up"));

  it("is searched as the glob searches it, so its invalid file fails the check", async () => {
    const folder = await cli(["validate", "--kind", "post", join(dir, "project/addons")]);
    const glob = await cli(["validate", "--kind", "post", join(dir, "project/addons/shared/*.json")]);
    expect(folder.lines).toEqual([
      `${join(dir, "project/addons/shared/broken.json")}:1:27: widgets[0].title_row.text: must be text (a string), not a number`,
    ]);
    expect(folder.lines).toEqual(glob.lines);
    expect(folder.code).toBe(1);
    expect(folder.err).toBe("Checked 2 files: 1 valid, 1 invalid (1 error, 0 warnings)\n");
  });

  it("the folder and its link both given: each file once", async () => {
    const r = await cli(["validate", "--kind", "post", join(dir, "project/addons"), shared]);
    expect(r.err).toBe("Checked 2 files: 1 valid, 1 invalid (1 error, 0 warnings)\n");
  });
});

describe("validate: a glob written with \\ on Windows", () => {
  // cmd.exe leaves `addons\*.json` to the program; a glob reads \ as an escape, so it matched nothing.
  const pattern = `${join(dir, "addons").split("/").join("\\")}\\*.json`;

  it("matches the files, as the same glob with / does", async () => {
    const windows = await collectFiles([pattern], "win32");
    expect(windows).toEqual([{ file: bad }, { file: good }]);
    expect(windows).toEqual(await collectFiles([join(dir, "addons/*.json")], "linux"));
  });

  it("elsewhere \\ is the glob's escape, as before", async () => {
    expect(await collectFiles([pattern], "linux")).toEqual([
      { file: pattern, missing: `no file matches ${pattern}` },
    ]);
  });
});
