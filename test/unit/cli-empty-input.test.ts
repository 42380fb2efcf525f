import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli";

// An empty input (a placeholder file, a pipe that gave nothing) is not checked (exit 2), and the
// message says what to do about it, not only that a body was expected.
const dir = mkdtempSync(join(tmpdir(), "addon-studio-empty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("validate and migrate: empty input", () => {
  it("an empty file (or spaces alone) names the file and what to do", async () => {
    const file = join(dir, "placeholder.json");
    writeFileSync(file, "  \n");
    const r = await cli(["validate", "--kind", "post", file]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `addon-studio: ${file} is empty: expected one JSON body, such as {"widgets": [...]}; write the body in it, or leave the file out\n`,
    );
  });

  it("an empty stdin says how to give one", async () => {
    const r = await cli(["migrate", "-"], "");
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "addon-studio: stdin is empty: expected one JSON body on standard input; pipe a file in (< addon.json), or give the file's name instead of -\n",
    );
  });
});
