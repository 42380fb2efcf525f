import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { locatePaths } from "../../src/platform/json-text";
import { validateAny } from "../../src/platform/validate";
import { cli } from "../helpers/cli";

// `validate` over several files, folders and globs, as a CI job runs it: real files in a temp folder.
const dir = mkdtempSync(join(tmpdir(), "addon-studio-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, body: unknown): string {
  const path = join(dir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof body === "string" ? body : JSON.stringify(body, null, 2));
  return path;
}

const validPost = { widgets: [{ title_row: { text: "گزارش کارشناسی" } }] };
const invalidPost = {
  widgets: [{ title_row: { text: "الف" } }, { selector_row: { title: "بدنه", image_url: "a.png" } }],
};

const good = put("addons/good.json", validPost);
const nested = put("addons/deep/er/bad.json", invalidPost);
put("addons/node_modules/pkg/package.json", { name: "not an add-on" });
put("addons/.cache/x.json", "not json at all");
put("addons/readme.txt", "not checked");
const broken = put("broken/broken.json", '{\n  "widgets": [\n    ,\n  ]\n}');

describe("validate: several files, folders and globs", () => {
  it("a folder is every *.json inside, recursively, skipping node_modules and hidden folders", async () => {
    const r = await cli(["validate", "--kind", "post", join(dir, "addons")]);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `${nested}:11:9: widgets[1].selector_row.image_url: renamed to image_id in v2 (addon-studio migrate renames it)`,
    ]);
    expect(r.err).toBe("Checked 2 files: 1 valid, 1 invalid (1 error, 0 warnings)\n");
  });

  it("all valid -> exit 0; an unreadable file -> exit 2 while the others are still checked", async () => {
    expect((await cli(["validate", "--kind", "post", good, good])).code).toBe(0);
    const r = await cli(["validate", "--kind", "post", join(dir, "missing.json"), broken, nested, good]);
    expect(r.code).toBe(2);
    expect(r.lines).toEqual([
      `${nested}:11:9: widgets[1].selector_row.image_url: renamed to image_id in v2 (addon-studio migrate renames it)`,
    ]);
    expect(r.err).toContain(`addon-studio: cannot read ${join(dir, "missing.json")}: no such file\n`);
    // A path written as a folder (`addons/`) that is not there is named a folder.
    const folder = await cli(["validate", "--kind", "post", `${join(dir, "missing")}/`]);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain(`cannot read ${join(dir, "missing")}/: no such folder\n`);
    expect(r.err).toContain(`addon-studio: ${broken} is not valid JSON: line 3, column 5`);
    expect(r.err).toMatch(/Checked 4 files: 1 valid, 1 invalid, 2 not checked \(1 error, 0 warnings\)\n$/);
  });

  it("a quoted glob is expanded; one that matches nothing is reported and exits 2", async () => {
    const r = await cli(["validate", "--kind", "post", join(dir, "addons/**/*.json")]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^Checked 2 files/);
    const none = await cli(["validate", "--kind", "post", join(dir, "nothing/*.json"), good]);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`no file matches ${join(dir, "nothing/*.json")}`);
  });

  it("without --kind, the kind is read from the body's fields; a body that does not say is not checked", async () => {
    const chat = put("kinds/chat.json", { message: "" });
    const user = put("kinds/user.json", { widgets: [], cost: 1000 });
    const sub = put("kinds/subscription.json", { event_type: "POST_UPDATE" });
    const event = put("kinds/event.json", { type: "POST_UPDATE", post_update: {} });
    // Widgets and a field neither add-on has: which add-on it was meant for decides the hints.
    const unsure = put("kinds/unsure.json", { widgets: [], categorys: [] });
    const r = await cli(["validate", "--format", "json", chat, user, sub, event, unsure]);
    expect(r.code).toBe(2);
    const { files } = JSON.parse(r.out);
    expect(files.map((f: { kind?: string }) => f.kind)).toEqual([
      "chat",
      "user",
      "subscription",
      "event",
      undefined,
    ]);
    expect(files[4].error).toEqual({
      code: "unknown_kind",
      message: expect.stringContaining(
        "categorys (did you mean categories, of a user add-on?) is a field of neither the post nor the user add-on, so the body's fields do not say which it is; correct the key, or pass --kind post or --kind user",
      ),
    });
    // The key is named, whichever add-on it misspells; one like no field is named as it is.
    const note = put("kinds/note.json", { widgets: [], note: "x", foo: 1, semantics: {} });
    const said = await cli(["validate", note]);
    expect(said.code).toBe(2);
    expect(said.err).toContain(
      "note (did you mean notes, of a post add-on?), foo, semantics (did you mean semantic, of both?) are fields of neither the post nor the user add-on",
    );
    // Thousands of stray keys: five named, the rest counted.
    const many = put("kinds/many.json", {
      widgets: [],
      ...Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, i])),
    });
    const counted = await cli(["validate", many]);
    expect(counted.err).toContain("k0, k1, k2, k3, k4, 895 more are fields of neither");
    // A v1 body is pointed at the command that converts it.
    const v1 = put("kinds/v1.json", {
      widgets: { widget_list: [{ widget_type: "TITLE_ROW", data: { text: "x" } }] },
    });
    const old = await cli(["validate", v1]);
    expect(old.code).toBe(2);
    expect(old.err).toMatch(/it is a v1 add-on .*convert it first with `addon-studio migrate <file>`/);
  });

  it("a symbolic link whose target is gone is named as one, with what to do", async () => {
    mkdirSync(join(dir, "links"), { recursive: true });
    const link = join(dir, "links", "dangling.json");
    symlinkSync(join(dir, "links", "gone.json"), link);
    const r = await cli(["validate", "--kind", "post", join(dir, "links")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `cannot read ${link}: it is a symbolic link to ${join(dir, "links", "gone.json")}, which does not exist: fix or remove the link`,
    );
  });

  it("a body of widgets alone (the studio's own Download JSON) is checked without --kind: post and user agree", async () => {
    const semantic = { widgets: validPost.widgets, semantic: { brand: "x" } };
    const bodies = [validPost, invalidPost, semantic, { widgets: [{ titel_row: { text: "x" } }] }, {}];
    // The claim the inference rests on: both add-ons give these bodies the same problems.
    for (const body of bodies)
      expect(validateAny("user", body), JSON.stringify(body)).toEqual(validateAny("post", body));
    const r = await cli(["validate", "--format", "json", good, nested, put("kinds/semantic.json", semantic)]);
    expect(r.code).toBe(1);
    const { files } = JSON.parse(r.out);
    expect(files.map((f: { kind?: string; ok: boolean }) => [f.kind, f.ok])).toEqual([
      ["post", true],
      ["post", false],
      ["post", true],
    ]);
    expect((await cli(["validate", good])).code).toBe(0);
  });

  it("a body over the studio's 1 MB request limit is an error at its root, as the proxy would refuse it", async () => {
    const text = "آ".repeat(45);
    // 13,000 titles of 45 Persian letters (two bytes each in UTF-8): about 1.4 MB as compact JSON, every widget valid.
    const big = put("big/post.json", {
      widgets: Array.from({ length: 13_000 }, () => ({ title_row: { text } })),
    });
    const r = await cli(["validate", "--kind", "post", "--format", "json", big]);
    expect(r.code).toBe(1);
    const [file] = JSON.parse(r.out).files;
    expect(file.errors).toEqual([
      expect.objectContaining({
        at: "(root)",
        code: "too_big",
        message: expect.stringMatching(
          /^the body is 1\.\d MB as compact JSON; the studio's proxy takes at most 1\.0 MB per request .*split the widgets/,
        ),
      }),
    ]);
    // Pretty-printed past the limit but compact under it: the proxy takes it, so does validate.
    const spaced = put(
      "big/spaced.json",
      `{"widgets": [{"title_row": {"text": "x"}}]${" ".repeat(1_100_000)}}`,
    );
    expect((await cli(["validate", "--kind", "post", spaced])).code).toBe(0);
  });

  it("--format json: one result per file, read errors included with their position", async () => {
    const r = await cli(["validate", "--kind", "post", "--format", "json", good, nested, broken]);
    expect(r.code).toBe(2);
    const parsed = JSON.parse(r.out);
    expect(parsed.ok).toBe(false);
    expect(parsed.summary).toEqual({ files: 3, valid: 1, invalid: 1, unchecked: 1, errors: 1, warnings: 0 });
    expect(parsed.files[0]).toEqual({ file: good, kind: "post", ok: true, errors: [], warnings: [] });
    expect(parsed.files[1].errors[0]).toMatchObject({
      at: "widgets[1].selector_row.image_url",
      code: "v1_field",
      line: 11,
      column: 9,
    });
    expect(parsed.files[2]).toMatchObject({
      file: broken,
      ok: false,
      error: { code: "unreadable", line: 3, column: 5 },
    });
  });

  it("--format github: annotations with file and line, messages escaped", async () => {
    const odd = put("gh/a,b.json", { widgets: [{ title_row: { text: "x", extra: "100%" } }] });
    const r = await cli(["validate", "--kind", "post", "--format", "github", odd, broken]);
    expect(r.code).toBe(2);
    expect(r.lines[0]).toBe(
      `::error file=${odd.replace(",", "%2C")},line=6,col=9,title=addon-studio validate::widgets[0].title_row.extra: ${r.lines[0]?.split("extra: ")[1]}`,
    );
    expect(r.lines[0]).toMatch(/^::error file=.*a%2Cb\.json,line=6,col=9,/);
    expect(r.lines[1]).toMatch(
      new RegExp(
        `^::error file=${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},line=3,col=5,title=addon-studio validate::`,
      ),
    );
  });
});

describe("locatePaths", () => {
  const text = '{\n  "a": [\n    1,\n    {"b": "x", "b": "y"}\n  ],\n  "c": "\\"[{,"\n}';
  it("finds keys and array elements; a missing path falls back to its nearest parent", () => {
    expect(locatePaths(text, [["a"], ["a", 0], ["a", 1], ["a", 1, "b"], ["c"], ["a", 1, "zz"], []])).toEqual([
      { line: 2, column: 3 },
      { line: 3, column: 5 },
      { line: 4, column: 5 },
      // The last of duplicate keys, as JSON.parse keeps it.
      { line: 4, column: 16 },
      { line: 6, column: 3 },
      { line: 4, column: 5 },
      { line: 1, column: 1 },
    ]);
  });
});
