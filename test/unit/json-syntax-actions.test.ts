import { describe, expect, it } from "vitest";
import { describeJsonError, parseJsonText } from "../../src/platform/json-text";

/** The syntax error's words for `text` (with its line and column). */
function said(text: string): string {
  const r = parseJsonText(text);
  if (r.ok || r.reason !== "syntax") throw new Error(`expected a syntax error for ${text}`);
  return describeJsonError(r.error);
}

// Several syntax errors named what was found but not what to do ("expected ',' or '}' after a
// property value, found \"\"\""); a leading zero read as a missing comma.
describe("a JSON syntax error says what to do", () => {
  it.each([
    [
      '{"a": 1 "b": 2}',
      "line 1, column 9 (offset 8): expected ',' or '}' after a property value, found \"\\\"\": a comma is missing before it, add ','",
    ],
    [
      "[1 2]",
      "column 4 (offset 3): expected ',' or ']' after an array element, found \"2\": a comma is missing before it, add ','",
    ],
    [
      '{"a": [1, 2}',
      "in a: expected ',' or ']' after an array element, found \"}\": add the missing ']' or ',' before it, or remove it",
    ],
    ['{"a": 01}', "in a: a number with a leading zero: JSON numbers do not start with 0 (write 1, not 01)"],
    [
      '{"a": 1.}',
      'column 8 (offset 7), in a: a number that ends at ".": write digits after it (1.0, 1e3) or remove it',
    ],
    ['{"a": -}', 'expected a number, found "-": write digits after the minus'],
    [
      '{"a": 1} x',
      'unexpected "x" after the JSON value: a body is one value; remove what follows it (check one body at a time)',
    ],
    ['{"a": 1 }}', 'an extra "}" after the JSON value: remove it'],
    ['{"a": "\\q"}', "bad escape \\q in a string: write \\\\ for a backslash, or one of \\n"],
    [
      '{"a": tru}',
      'tru is not a JSON value: write true, false or null as they are, or text in double quotes ("tru")',
    ],
    ['{"a": hello}', 'hello is not a JSON value: text goes in double quotes ("hello")'],
  ])("%s", (text, words) => {
    expect(said(text)).toContain(words);
  });

  it("valid numbers and literals still read", () => {
    const r = parseJsonText('{"a": 0.5, "b": -0, "c": 1e5, "d": 10, "e": [true, false, null], "f": 0}');
    expect(r.ok).toBe(true);
  });
});
