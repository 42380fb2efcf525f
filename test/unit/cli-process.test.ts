import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cliProcess } from "../helpers/cli";

// The CLI as a user runs it: a real process from the bin, reading files and stdin.
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "addon-studio-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], input?: string) =>
  cliProcess([process.execPath, "bin/addon-studio.mjs"], args, {
    cwd: ROOT,
    ...(input === undefined ? {} : { input }),
  });

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === "string" ? body : JSON.stringify(body, null, 2));
  return path;
}

describe("addon-studio as a process", () => {
  it("validate: invalid body -> exit 1, one line per problem with its JSON path, warnings marked", () => {
    const path = file("invalid.json", {
      widgets: [
        { title_row: { text: "گزارش کارشناسی" } },
        { score_row: { title: "موتور", percentage_score: 85, icon_name: "NO_SUCH_ICON" } },
        { selector_row: { title: "بدنه", image_url: "body.png" } },
      ],
    });
    const r = cli(["validate", "--kind", "post", path]);
    expect(r.code).toBe(1);
    // Each line starts with the file and the line and column of the offending key (JSON.stringify's layout).
    expect(r.lines).toContain(
      `${path}:18:9: widgets[2].selector_row.image_url: renamed to image_id in v2 (addon-studio migrate renames it)`,
    );
    expect(
      r.lines.some((l) => l.startsWith(`${path}:12:9: warning widgets[1].score_row.icon_name: NO_SUCH_ICON`)),
    ).toBe(true);
    expect(r.lines).toHaveLength(2);
    expect(r.err).toMatch(/invalid post body: 1 error, 1 warning/);
  });

  it("validate: warnings only -> exit 0 with the warnings printed", () => {
    const path = file("warn.json", {
      message: "سلام",
      sender_buttons: {
        rows: [
          {
            buttons: [1, 2, 3, 4].map((i) => ({
              caption: `${i}`,
              action: { open_direct_link: "https://a.ir" },
            })),
          },
        ],
      },
    });
    const r = cli(["validate", "--kind", "chat", path]);
    expect(r.code).toBe(0);
    expect(r.lines).toEqual([
      expect.stringMatching(/:6:\d+: warning sender_buttons\.rows\[0\]\.buttons: has 4 buttons/),
    ]);
  });

  it("validate from stdin (-): a valid body -> exit 0 and no problem lines", () => {
    const r = cli(
      ["validate", "--kind", "semantic", "-"],
      JSON.stringify({ semantic: { status: "SUCCEEDED" } }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/stdin: valid semantic body/);
  });

  it("validate: a file that is not JSON -> exit 2 with line and column", () => {
    const r = cli(["validate", "--kind", "post", "-"], '{\n  "widgets": [,]\n}');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/stdin is not valid JSON: line 2, column 15/);
  });

  it("validate: an unreadable file -> exit 2 naming it", () => {
    const r = cli(["validate", "--kind", "post", join(dir, "missing.json")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read .*missing\.json: no such file/);
  });

  it("migrate: v2 JSON on stdout, the report on stderr naming each field path", () => {
    const r = cli(["migrate", "test/fixtures/v1/selector_row.before.json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(
      JSON.parse(readFileSync(join(ROOT, "test/fixtures/v1/selector_row.after.json"), "utf8")),
    );
    expect(r.err).toMatch(/^widgets\.widget_list\[0\]\.data\.image_url: renamed: /m);
    expect(r.err).toMatch(/^widgets\.widget_list\[0\]\.data\.has_arrow: dropped: /m);
  });

  it("migrate: neither v1 nor v2 -> exit 1", () => {
    const r = cli(["migrate", "-"], JSON.stringify({ hello: "world" }));
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/neither a v1 nor a v2 body/);
  });

  it("schema: JSON Schema on stdout", () => {
    const r = cli(["schema", "--kind", "chat"]);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.out);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.required).toEqual(["message"]);
  });

  it("schema piped into a reader that stops early (| head) -> a quiet exit, no stack trace", () => {
    // The post schema outgrows the pipe's buffer (64 KB), so the write after `head` has gone fails.
    expect(cli(["schema", "--kind", "post"]).out.length).toBeGreaterThan(65_536);
    const err = join(dir, "epipe.err");
    // pipefail: the pipeline fails if the CLI does (head itself succeeds).
    const r = spawnSync(
      "bash",
      [
        "-c",
        'set -o pipefail; "$NODE" bin/addon-studio.mjs schema --kind post 2>"$ERR" | head -c 100 >/dev/null',
      ],
      { cwd: ROOT, env: { ...process.env, NODE: process.execPath, ERR: err }, encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    expect(readFileSync(err, "utf8")).toBe("");
    // A command that found problems keeps its exit code when its reader stops early.
    const many = file("many.json", { widgets: Array.from({ length: 1500 }, () => ({ title_row: {} })) });
    const v = spawnSync(
      "bash",
      [
        "-c",
        'set -o pipefail; "$NODE" bin/addon-studio.mjs validate --kind post "$FILE" 2>"$ERR" | head -c 100 >/dev/null',
      ],
      { cwd: ROOT, env: { ...process.env, NODE: process.execPath, ERR: err, FILE: many }, encoding: "utf8" },
    );
    expect(v.status).toBe(1);
    expect(readFileSync(err, "utf8")).toMatch(/^\S+: invalid post body: 1500 errors, 0 warnings\n$/);
  });

  it("stderr piped into a reader that stops early (2>&1 | head) -> the command's own exit code", () => {
    // Enough unreadable files that the lines on stderr outgrow the pipe's buffer (64 KB) after head
    // has gone: the exit code must still say "not checked" (2), not Node's 1 for an unhandled EPIPE.
    const many = join(dir, "many-empty");
    mkdirSync(many);
    for (let i = 0; i < 1500; i++) writeFileSync(join(many, `f${String(i).padStart(4, "0")}.json`), "");
    for (const redirect of ["2>&1", "2>&1 >/dev/null"]) {
      const r = spawnSync(
        "bash",
        [
          "-c",
          `set -o pipefail; "$NODE" bin/addon-studio.mjs validate "$DIR" ${redirect} | head -c 100 >/dev/null`,
        ],
        { cwd: ROOT, env: { ...process.env, NODE: process.execPath, DIR: many }, encoding: "utf8" },
      );
      expect(r.status, redirect).toBe(2);
      expect(r.stderr, redirect).toBe("");
    }
  });

  it("help and usage errors", () => {
    const help = cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: addon-studio <command>/);
    const bad = cli(["lint", "x.json"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown command "lint"[\s\S]*Usage: addon-studio/);
  });
});
