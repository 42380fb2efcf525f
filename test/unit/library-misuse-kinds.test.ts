import { describe, expect, it } from "vitest";
import { jsonSchemaText, migrateBody, toJsonSchema } from "../../src/platform";

// Called from plain JavaScript with a kind the types would refuse, these threw zod's internal
// "Cannot use 'in' operator to search for '_idmap' in undefined", or migrated an add-on as "chat".
describe("the library's schema and migrate functions name the kinds they take", () => {
  it("toJsonSchema and jsonSchemaText refuse an unknown kind with the kinds to use", () => {
    const poster = "poster" as unknown as "post";
    expect(() => toJsonSchema(poster)).toThrow(/toJsonSchema: unknown kind "poster"; use one of post, user/);
    expect(() => jsonSchemaText(poster)).toThrow(TypeError);
  });

  it("migrateBody refuses null options and an add-on kind other than post or user", () => {
    const chat = { kind: "chat" } as unknown as { kind: "post" };
    expect(() => migrateBody({ widgets: [] }, chat)).toThrow(
      /migrateBody: unknown kind "chat"; use one of post, user \(the add-on's kind\), or leave it out/,
    );
    expect(() => migrateBody({ widgets: [] }, null as unknown as undefined)).toThrow(
      /options is an object such as \{ kind: "user" \}, or left out; got null/,
    );
    expect(migrateBody({ widgets: [] }, { kind: "user" }).ok).toBe(true);
  });

  it("migrateBody of nothing says so in words", () => {
    const r = migrateBody(undefined);
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.message).toMatch(/but got nothing \(undefined\)$/);
  });
});
