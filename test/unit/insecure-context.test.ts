import { afterEach, describe, expect, it, vi } from "vitest";
import { hashInPage } from "../../src/editor/inspector/semantic-hash";
import { newId } from "../../src/editor/store/document";
import { hashSemanticValue } from "../../src/platform/semantic";

// A studio served over plain http to another machine (HOST=0.0.0.0, opened at http://192.0.2.2:8787)
// is not a secure context: the page has crypto.getRandomValues but neither crypto.randomUUID nor
// crypto.subtle. The editor failed to start there ("crypto.randomUUID is not a function").
const secure = globalThis.crypto;
function insecure() {
  vi.stubGlobal("crypto", {
    getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(a: T) => secure.getRandomValues(a),
  });
}
afterEach(() => vi.unstubAllGlobals());

describe("outside a secure context", () => {
  it("makes random v4 ids", () => {
    insecure();
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const ids = new Set(Array.from({ length: 100 }, () => newId()));
    expect(ids.size).toBe(100);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("hashes a semantic value as Web Crypto does (normalised first)", async () => {
    const value = " ۰۹۱۲abc ";
    const expected = await hashSemanticValue(value);
    insecure();
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await hashInPage(value)).toBe(expected);
    // SHA-256 of "0912ABC".
    expect(expected).toBe((await import("node:crypto")).createHash("sha256").update("0912ABC").digest("hex"));
  });
});
