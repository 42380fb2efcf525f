import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { duplicateKeyMessage, readJson } from "../../src/cli/read-json";
import { cli } from "../helpers/cli";

// The CLI on malformed input (kept apart from cli-run: it mocks json-schema for the whole file):
// every input gets an exit code and one plain line, never a
// stack trace. In process for speed; one real process for what only a process shows.

vi.mock("../../src/platform/json-schema", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/platform/json-schema")>();
  return {
    ...real,
    // Stands in for a bug anywhere in a command: the CLI must still answer in one line.
    jsonSchemaText: (kind: string) => {
      if (kind === "event") throw new TypeError("boom");
      return real.jsonSchemaText(kind as Parameters<typeof real.jsonSchemaText>[0]);
    },
  };
});

const nested = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

describe("malformed input: exit 2 with one line saying what and where", () => {
  it("nesting deeper than 1000 levels is refused with its path; 900 levels are read", async () => {
    for (const cmd of [
      ["validate", "--kind", "post", "-"],
      ["migrate", "-"],
    ]) {
      const deep = await cli(cmd, `{"widgets":[{"title_row":{"text":"a","x":${nested(5000)}}}]}`);
      expect(deep.code).toBe(2);
      expect(deep.err).toMatch(
        /^addon-studio: stdin is nested more than 1000 levels deep \(at widgets\[0\]\.title_row\.x\[0\]/,
      );
    }
    const ok = await cli(
      ["validate", "--kind", "post", "-"],
      `{"widgets":[{"title_row":{"text":"a","x":${nested(900)}}}]}`,
    );
    expect(ok.code).toBe(1);
    expect(ok.out).toMatch(/^stdin:1:38: widgets\[0\]\.title_row\.x: is not a field of title_row/);
  });
  it("deeply nested JSON that is also broken names the nesting, not a crash", async () => {
    const r = await cli(["validate", "--kind", "post", "-"], nested(5000).slice(0, -1));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not valid JSON: line 1, column 1001 .*nested more than 1000 levels deep/);
  });
  it("UTF-16 and bytes that are not UTF-8 are named instead of silently becoming U+FFFD", async () => {
    const utf16 = await cli(
      ["validate", "--kind", "post", "-"],
      Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    );
    expect(utf16.code).toBe(2);
    expect(utf16.err).toMatch(/stdin is UTF-16 text: save it as UTF-8/);
    // Without a byte order mark, little- and big-endian: the NUL beside the first character gives it away.
    for (const bytes of [
      [0x7b, 0x00, 0x7d, 0x00],
      [0x00, 0x7b, 0x00, 0x7d],
    ]) {
      const bare = await cli(["validate", "--kind", "post", "-"], Buffer.from(bytes));
      expect(bare.code).toBe(2);
      expect(bare.err).toMatch(
        /stdin looks like UTF-16 text \(without a byte order mark\): save it as UTF-8/,
      );
    }
    // A binary file (an image's first bytes) is not called UTF-16: it is not text at all.
    const image = await cli(
      ["validate", "--kind", "post", "-"],
      Buffer.from([0x00, 0x01, 0x02, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
    );
    expect(image.code).toBe(2);
    expect(image.err).toMatch(/stdin is not a text file \(a NUL byte at offset 0, as in images/);
    const prefix = Buffer.from('{"widgets":[{"title_row":{"text":"سلام');
    const bad = await cli(
      ["validate", "--kind", "post", "-"],
      Buffer.concat([prefix, Buffer.from([0xe2, 0x82]), Buffer.from('"}}]}')]),
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      new RegExp(`not UTF-8 text \\(a byte that is not UTF-8 at offset ${prefix.length}\\)`),
    );
  });
  it("a root that is a huge number, null or an array is a verdict (exit 1), not a crash", async () => {
    for (const [text, what] of [
      ["1e999", "a number too large to represent"],
      ["null", "null"],
      ["[]", "an array"],
    ] as const) {
      const r = await cli(["validate", "--kind", "chat", "-"], text);
      expect(r.code).toBe(1);
      expect(r.out).toBe(`stdin:1:1: (root): must be a JSON object (the chat message body), not ${what}\n`);
    }
  });
});

describe("keys written twice (JSON.parse keeps the last one silently)", () => {
  it("validate warns at the key's path with both lines; the verdict is unchanged", async () => {
    const r = await cli(
      ["validate", "--kind", "post", "-"],
      '{"widgets":[{"title_row":{"text":"اول",\n"text":"دوم"}}]}',
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "stdin:2:1: warning widgets[0].title_row.text: is written twice in one object (lines 1 and 2); JSON keeps only the last value, so the one on line 1 is ignored: remove one of them\n",
    );
  });
  it("validate on a one-line file names the columns of both keys", async () => {
    const r = await cli(
      ["validate", "--kind", "post", "-"],
      '{"widgets":[{"title_row":{"text":"a","text":"b"}}]}',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "is written twice in one object (line 1, columns 27 and 38); JSON keeps only the last value, so the one at column 27 is ignored",
    );
  });
  it("both on one line: the message names the columns, not 'lines 1 and 1'", async () => {
    const text = '{"message":"first","media_token":"m","message":"second"}';
    const read = await readJson(
      "-",
      (async function* () {
        yield text;
      })(),
    );
    expect(read.duplicates).toHaveLength(1);
    const [d] = read.duplicates;
    expect(d && duplicateKeyMessage(d)).toBe(
      "is written twice in one object (line 1, columns 2 and 38); JSON keeps only the last value, so the one at column 2 is ignored: remove one of them",
    );
    expect(text.lastIndexOf('"message"') + 1).toBe(38);
  });
  it("on two lines: the message names the lines", async () => {
    const read = await readJson(
      "-",
      (async function* () {
        yield '{"message":"اول",\n  "message":"دوم"}';
      })(),
    );
    const [d] = read.duplicates;
    expect(d && duplicateKeyMessage(d)).toBe(
      "is written twice in one object (lines 1 and 2); JSON keeps only the last value, so the one on line 1 is ignored: remove one of them",
    );
  });
  it("migrate names them on stderr before the report", async () => {
    const r = await cli(["migrate", "-"], '{"message":"اول",\n"message":"دوم"}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ message: "دوم" });
    expect(r.err).toMatch(/^warning message: is written twice in one object \(lines 1 and 2\)/);
  });
});

describe("inputs no platform body comes near in size", () => {
  it("a device, a large file and a large stdin are refused unread, each in one line, and the rest is checked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "addon-studio-large-"));
    try {
      // Sparse: 65 MB on paper, nothing on disk.
      const big = join(dir, "disk.img.json");
      writeFileSync(big, "");
      truncateSync(big, 65 * 1024 * 1024);
      const small = join(dir, "ok.json");
      writeFileSync(small, '{"widgets":[{"title_row":{"text":"a"}}]}');
      // /dev/zero never ends: it was read until memory ran out.
      const r = await cli(["validate", "--kind", "post", "/dev/zero", big, small]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /^addon-studio: \/dev\/zero is larger than 64 MB: no platform body is that large, so it was not read/m,
      );
      expect(r.err).toMatch(/disk\.img\.json is larger than 64 MB/);
      expect(r.err).toMatch(/Checked 3 files: 1 valid, 0 invalid, 2 not checked/);
      const piped = await cli(["validate", "--kind", "post", "-"], Buffer.alloc(65 * 1024 * 1024, 0x20));
      expect(piped.code).toBe(2);
      expect(piped.err).toMatch(/stdin is larger than 64 MB/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a bug in a command", () => {
  it("is one line on stderr and exit 3, with no stack trace", async () => {
    const r = await cli(["schema", "--kind", "event"]);
    expect(r.code).toBe(3);
    expect(r.err).toBe(
      "addon-studio: internal error (boom). This is a bug in addon-studio, not in your file: please report it with the input that caused it.\n",
    );
    expect((await cli(["schema", "--kind", "subscription"])).code).toBe(0);
  });
});

describe("as a real process", () => {
  it("200,000 levels of nesting give exit 2 and no stack trace", () => {
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const r = spawnSync(process.execPath, ["bin/addon-studio.mjs", "migrate", "-"], {
      cwd: root,
      input: `{"widgets":{"widget_list":[{"widget_type":"TITLE_ROW","data":{"text":"a","x":${nested(200_000)}}}]}}`,
      encoding: "utf8",
      timeout: 20000,
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^addon-studio: stdin is nested more than 1000 levels deep/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
