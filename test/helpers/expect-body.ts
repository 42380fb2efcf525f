import { expect } from "vitest";
import { type CheckKind, validateAny } from "../../src/platform";

/** Each error of `body` validated as `kind`, as "path: message" (readable in a failed assertion). */
export function errorsOf(kind: CheckKind, body: unknown): string[] {
  return validateAny(kind, body).errors.map((p) => `${p.at}: ${p.message}`);
}

/** Asserts that `body` is a valid `kind` body (listing the errors when it is not). */
export function expectValid(kind: CheckKind, body: unknown) {
  const r = validateAny(kind, body);
  expect(r.errors.map((p) => `${p.at}: ${p.message}`)).toEqual([]);
  expect(r.ok).toBe(true);
  return r;
}

/** Asserts that `body` is refused with an error at `at` (whose message matches `message`, if given). */
export function expectError(kind: CheckKind, body: unknown, at: string, message?: RegExp) {
  const r = validateAny(kind, body);
  expect(r.ok).toBe(false);
  const hit = r.errors.find((p) => p.at === at);
  expect(hit, `no error at ${at}; errors: ${errorsOf(kind, body).join(" | ")}`).toBeDefined();
  if (message) expect(hit?.message).toMatch(message);
  return r;
}
