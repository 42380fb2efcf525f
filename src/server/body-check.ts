import { validateBody } from "../platform/index";
import type { Problem } from "../platform/problems";

export type BodyKind = "post" | "user" | "semantic" | "chat";

/** Result of checking a body against the platform's v2 schemas. */
export interface BodyCheck {
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
}

/**
 * Checks a body with the shared platform schemas (the single source of truth), so the proxy and the
 * emulator refuse exactly what the editor marks as an error.
 */
export function checkBody(kind: BodyKind, json: unknown): BodyCheck {
  const result = validateBody(kind, json);
  return { ok: result.ok, errors: result.errors, warnings: result.warnings };
}
