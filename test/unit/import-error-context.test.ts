import { expect, it } from "vitest";
import { parseImportText } from "../../src/editor/json/import-body";

// The text around a JSON error is quoted as the user wrote it: it was shown through JSON.stringify,
// a backslash before each of its quotes ("\": {\"text\": «گزارش»"), text not in the input.
it("quotes the text near a JSON error as typed, without escapes", () => {
  const res = parseImportText('{"widgets": [{"title_row": {"text": «گزارش»}}]}');
  const message = res.ok ? "" : res.message;
  expect(message).toContain('near “": {"text": «گزارش»}}]}”');
  expect(message).not.toContain("\\");
});

it("shows a control character near a JSON error as a replacement mark, not raw", () => {
  const res = parseImportText("\u0000\u0010JFIF");
  const message = res.ok ? "" : res.message;
  expect(message).toContain("near “��JFIF”");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that none is left
  expect(message).not.toMatch(/[\u0000-\u001f]/);
});
