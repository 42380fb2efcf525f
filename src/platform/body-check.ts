import type { BodyKind } from "./bodies";
import type { Problem } from "./problems";
import { validateBody } from "./validate";

export type { BodyKind };

/**
 * The largest body the studio's proxy takes from the editor (bytes of JSON). The platform documents
 * no limit; `addon-studio validate` applies this one, so a body it accepts is one the studio sends.
 */
export const STUDIO_BODY_LIMIT = 1024 * 1024;

/** Result of checking a body against the platform's v2 schemas. */
export interface BodyCheck {
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** The body to forward: the input without the nulls on optional fields (read as absent). */
  body: unknown;
}

/**
 * Checks a body with the shared platform schemas (the single source of truth), so the proxy and the
 * emulator refuse exactly what the editor marks as an error.
 */
export function checkBody(kind: BodyKind, json: unknown): BodyCheck {
  const result = validateBody(kind, json);
  return { ok: result.ok, errors: result.errors, warnings: result.warnings, body: result.body };
}
