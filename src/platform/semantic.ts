import * as z from "zod";
import { describeValue, typeError } from "./fields";
import { asciiDigits } from "./text";

/** Predefined semantic keys and their allowed values (platform facts, "Semantic"); kept in plain text. */
export const PREDEFINED_SEMANTIC: Record<string, readonly string[]> = {
  payment_method: ["SECURE"],
  identity_verification_result: ["FACE_AND_ID_MATCHED"],
  post_verification_result: ["POST_INFORMATION_MATCHED"],
  ownership_result: ["OWNERSHIP_CONFIRMED", "OWNERSHIP_DELEGATION_CONFIRMED"],
  inspection_result: ["INSPECTION_APPROVED"],
  status: ["SUCCEEDED", "FAILED", "EXPIRED", "PENDING"],
};

/** Keys whose values the app must normalise and SHA-256 hash before sending. */
export const HASHED_SEMANTIC_KEYS = [
  "VIN",
  "chassis_number",
  "engine_number",
  "real_estate_id",
  "old_real_estate_id",
] as const;

/** Normalises a value before hashing: ASCII digits, upper case, trimmed. */
export function normaliseSemanticValue(value: string): string {
  return asciiDigits(value.trim()).toUpperCase();
}

/** Hex SHA-256 of the normalised value (Web Crypto: works in browsers and Node). */
export async function hashSemanticValue(value: string): Promise<string> {
  const bytes = new TextEncoder().encode(normaliseSemanticValue(value));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** True when the key's value must be hashed. */
export function isHashedSemanticKey(key: string): boolean {
  return (HASHED_SEMANTIC_KEYS as readonly string[]).includes(key);
}

/** Why a semantic value is refused; a number or boolean is shown quoted, as it should be written. */
function semanticValueMessage(input: unknown): string {
  if (input === undefined) return "is required";
  const quoted =
    (typeof input === "number" && Number.isFinite(input)) || typeof input === "boolean"
      ? `: write ${JSON.stringify(String(input))}`
      : ": write the value as text, or remove the key";
  return `semantic values are strings, not ${describeValue(input)}${quoted}`;
}

/** A string-valued semantic map (spec 2.10-2.12). */
export const semanticSchema = z.record(
  z.string(),
  z.string({ error: (iss) => semanticValueMessage(iss.input) }),
  { error: (iss) => typeError(iss.input, "an object of string values") },
);
