import { hashSemanticValue, normaliseSemanticValue } from "../../platform/semantic";

/**
 * The semantic value's hash as the contract makes it (`hashSemanticValue`), also where the page has
 * no Web Crypto digest: `crypto.subtle` exists only in secure contexts (https, localhost), and a
 * studio served over plain http to other machines (HOST=0.0.0.0) is not one. There the
 * @noble/hashes SHA-256 (loaded only then) hashes the same normalised text.
 */
export async function hashInPage(value: string): Promise<string> {
  if (globalThis.crypto?.subtle) return hashSemanticValue(value);
  const [{ sha256 }, { bytesToHex, utf8ToBytes }] = await Promise.all([
    import("@noble/hashes/sha2.js"),
    import("@noble/hashes/utils.js"),
  ]);
  return bytesToHex(sha256(utf8ToBytes(normaliseSemanticValue(value))));
}
