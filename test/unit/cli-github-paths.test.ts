import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/main";

// GitHub's runner reads a relative `file=` of an annotation from the repository's root, whatever the
// step's working-directory: in a monorepo (`working-directory: packages/app`) a path relative to the
// current folder names another file, and the annotation misses the pull request's lines.
const workspace = mkdtempSync(join(tmpdir(), "addon-studio-workspace-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function github(args: string[], env: Record<string, string | undefined>) {
  let out = "";
  const code = await run(
    ["validate", "--kind", "post", "--format", "github", ...args],
    {
      stdin: (async function* () {})(),
      stdout: (t) => {
        out += t;
      },
      stderr: () => {},
    },
    env,
  );
  return { code, out };
}

describe("validate --format github: file paths as the runner reads them", () => {
  const bad = join(workspace, "packages", "app", "addons", "bad.json");
  mkdirSync(join(bad, ".."), { recursive: true });
  writeFileSync(bad, JSON.stringify({ widgets: [{ title_row: { text: "" } }] }, null, 2));
  // As the user typed it, relative to the current folder (the step's working-directory).
  const typed = relative(process.cwd(), bad);

  it("inside GITHUB_WORKSPACE: the path from the repository's root", async () => {
    const r = await github([typed], { GITHUB_WORKSPACE: workspace });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^::error file=packages\/app\/addons\/bad\.json,line=\d+,col=\d+,/);
  });

  it("outside GitHub Actions, or a file outside the workspace: the path as given", async () => {
    expect((await github([typed], {})).out).toMatch(
      new RegExp(`^::error file=${typed.replace(/[.]/g, "\\.").replace(/,/g, "%2C").replace(/:/g, "%3A")},`),
    );
    const elsewhere = mkdtempSync(join(tmpdir(), "addon-studio-elsewhere-"));
    try {
      expect((await github([typed], { GITHUB_WORKSPACE: elsewhere })).out).toContain(
        `::error file=${typed},`,
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
