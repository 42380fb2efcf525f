import type * as z from "zod";
import { AnswerTooLargeError, UndecodableAnswerError, UPSTREAM_ANSWER_LIMIT } from "./transport-errors";

/**
 * Characters of a successful answer (as JSON) passed to the browser and kept in the publish history;
 * the platform's own answers are `{}`, `{id}` or `{message, status}`, far below it.
 */
export const RESULT_LIMIT = 16 * 1024;

/** An answer's text, or why it was not read: over the limit, or a failure while reading it. */
export type ReadAnswer =
  | { ok: true; text: string }
  | { ok: false; tooLarge: true }
  | { ok: false; error: unknown };

/**
 * Reads an answer's body as UTF-8 text, at most `limit` bytes: past it the rest is not read (the body
 * is cancelled, which closes its connection). Whatever the FetchLike is, the proxy's own transport
 * (which stops on its own, AnswerTooLargeError) or another one.
 */
export async function readAnswer(res: Response, limit = UPSTREAM_ANSWER_LIMIT): Promise<ReadAnswer> {
  if (!res.body) return { ok: true, text: "" };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  } catch (e) {
    return e instanceof AnswerTooLargeError ? { ok: false, tooLarge: true } : { ok: false, error: e };
  }
  const decoder = new TextDecoder();
  return {
    ok: true,
    text: chunks.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode(),
  };
}

/** Why an answer's body (its status read) was not read: cut off, or an encoding that cannot be undone. */
export function unreadBody(error: unknown): string {
  return error instanceof UndecodableAnswerError ? error.message : "its answer was cut off";
}

/**
 * A successful answer the studio keeps, bounded: one larger than RESULT_LIMIT keeps only the fields
 * named in `keep` (e.g. a user add-on's id) when they are short, and says so.
 */
export function boundedResult<T>(
  value: T,
  schema: z.ZodType<T>,
  keep: readonly string[],
): { value: T | null; note?: string } {
  const size = JSON.stringify(value).length;
  if (size <= RESULT_LIMIT) return { value };
  const kept: Record<string, unknown> = {};
  if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value))
      if (keep.includes(k) && JSON.stringify(v).length <= 1024) kept[k] = v;
  const parsed = schema.safeParse(kept);
  const names = Object.keys(kept);
  return {
    value: parsed.success ? parsed.data : null,
    note: `its answer (${Math.ceil(size / 1024)} KB) is larger than the studio keeps (${RESULT_LIMIT / 1024} KB), so ${
      names.length > 0 && parsed.success ? `only ${names.join(", ")} was kept` : "it was not kept"
    }`,
  };
}
