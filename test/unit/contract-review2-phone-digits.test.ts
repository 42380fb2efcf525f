import { describe, expect, it } from "vitest";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: the live user semantic route (POST /v1/open-platform/semantic/users/{divar_user_id},
 * OpenAPI SemanticCreateUserSemanticBody) takes the user's phone in the body. One typed on a Persian
 * keyboard ("۰۹۱۲۰۰۰۰۰۰۱") was refused as "must be a phone number: 4 to 15 digits", though it is 11
 * digits: the message now says to write the digits 0-9, and what that gives.
 */

describe("semantic-by-id: a phone in Persian or Arabic-Indic digits", () => {
  it("says to write it in the digits 0-9, and shows it so", () => {
    expect(errorsOf("semantic-by-id", { semantic: { status: "SUCCEEDED" }, phone: "۰۹۱۲۰۰۰۰۰۰۱" })).toEqual([
      "phone: must be written with the digits 0-9: write 09120000001",
    ]);
    expect(errorsOf("semantic-by-id", { semantic: {}, phone: "+۹۸۹۱۲۰۰۰۰۰۰۱" })).toEqual([
      "phone: must be written with the digits 0-9: write +989120000001",
    ]);
  });

  it("anything else is still not a phone number", () => {
    // Grouped with spaces it is still refused, now with the digits alone written out.
    expect(errorsOf("semantic-by-id", { semantic: {}, phone: "0912 000 0001" })).toEqual([
      "phone: must be the digits alone, without spaces, dashes or brackets: write 09120000001",
    ]);
    expect(errorsOf("semantic-by-id", { semantic: {}, phone: "0912-abc" })).toEqual([
      "phone: must be a phone number: 4 to 15 digits, optionally after +, e.g. 09120000001",
    ]);
    expect(errorsOf("semantic-by-id", { semantic: {}, phone: "۰۹" })).toEqual([
      "phone: must be a phone number: 4 to 15 digits, optionally after +, e.g. 09120000001",
    ]);
    expect(errorsOf("semantic-by-id", { semantic: {}, phone: "09120000001" })).toEqual([]);
  });
});
