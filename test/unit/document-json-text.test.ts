import { describe, expect, it } from "vitest";
import { importText, parseImportText } from "../../src/editor/json/import-body";
import { findJsonError, parseJsonText } from "../../src/platform/json-text";

describe("JSON text import", () => {
  it("finds where invalid JSON breaks", () => {
    const offset = (text: string) => findJsonError(text)?.offset ?? -1;
    expect(offset('{"a": 1}')).toBe(-1);
    expect(offset('{"a": }')).toBe(6);
    expect(offset("[1, 2,]")).toBe(6);
    expect(offset('{"a": "x')).toBe(8);
    expect(offset("{} x")).toBe(3);
    expect(findJsonError('{"a": [1, {"b\\u0041": tru}]}')?.path).toEqual(["a", 1, "bA"]);
  });

  it("names the line and column", () => {
    const res = parseImportText('{\n  "widgets": [\n    {"title_row": }\n  ]\n}');
    expect(res.ok ? "" : res.message).toMatch(
      /at line 3, column 19, in widgets\[0\]\.title_row: expected a JSON value .*, found "}" near/,
    );
    const short = parseImportText('{"widgets": [');
    expect(short.ok ? "" : short.message).toMatch(/ends too early/);
    // A byte order mark is dropped, and the position counts from the text after it.
    const bom = parseImportText('\uFEFF{"a": }');
    expect(bom.ok ? "" : bom.message).toMatch(/line 1, column 7, in a:/);
  });

  it("names comments and single quotes, which people bring from JavaScript", () => {
    const message = (text: string) => findJsonError(text)?.message;
    expect(message('{\n  // the seller\n  "widgets": []\n}')).toBe(
      "a comment: JSON has no comments, remove it",
    );
    expect(message('{"widgets": [] /* later */}')).toBe("a comment: JSON has no comments, remove it");
    expect(message("{'widgets': []}")).toBe('a single quote: JSON strings and names take double quotes (")');
    expect(findJsonError('{\n  // the seller\n  "widgets": []\n}')?.offset).toBe(4);
  });

  it("refuses nesting deeper than any body, naming where, instead of overflowing later", () => {
    const deep = `{"widgets": ${"[".repeat(1200)}${"]".repeat(1200)}}`;
    expect(parseJsonText(deep)).toMatchObject({ ok: false, reason: "too_deep" });
    const res = importText(deep, "post");
    expect(res.ok ? "" : res.message).toMatch(/nested more than 1000 levels deep \(at widgets\[0\]\[0\]/);
  });

  it("asks for input when there is none", () => {
    const res = importText("   ", "post");
    expect(res.ok ? "" : res.message).toMatch(/Nothing to import/);
  });

  it("keeps the user kind for a body that does not say which kind it is", () => {
    const res = importText('{"widgets": []}', "user");
    expect(res.ok && res.doc.kind).toBe("user");
    const post = importText('{"widgets": [], "notes": "n"}', "user");
    expect(post.ok && post.doc.kind).toBe("post");
  });

  it("refuses widgets that are not objects, naming the index", () => {
    const res = importText('{"widgets": [{"title_row": {"text": "a"}}, "oops"]}', "post");
    expect(res.ok ? "" : res.message).toMatch(/^widgets\[1\] is "oops"/);
  });
});
