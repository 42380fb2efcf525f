import { describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import type { SendOutcome } from "../../src/editor/proxy/use-send-flow";
import {
  doneText,
  historyDetail,
  historyKind,
  opFrom,
  type PublishOp,
  recordOf,
  scopesFor,
  sendOp,
} from "../../src/editor/publish/publish-ops";
import { USER_PHONE } from "../../src/platform/scopes";
import { fakeFetch } from "../helpers/fake-fetch";
import { json } from "../helpers/flow-env";

const published = (result: unknown): SendOutcome => ({ status: "success", published: { ok: true, result } });

function recordingClient(answer: () => Response = () => json(200, {})) {
  const calls: Array<{ method: string; url: string }> = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push({ method: init?.method ?? "GET", url });
    return answer();
  });
  return { calls, client: createProxyClient({ fetch }) };
}

describe("publish operations", () => {
  it("survive the consent page: a stored flat target reads back as the same operation", () => {
    const ops: PublishOp[] = [
      { op: "publish", postToken: "gZx7yK3aB1" },
      { op: "publish", phone: "09120000000" },
      { op: "publish", divarUserId: "u-1" },
      { op: "deletePost", postToken: "gZx7yK3aB1" },
      { op: "deleteUserAddon", addonId: "42" },
      { op: "semantic", divarUserId: "u-1", phone: "09120000000" },
      { op: "deleteSemantic", phone: "09120000000" },
      { op: "phones" },
    ];
    for (const op of ops) expect(opFrom(recordOf(op))).toEqual(op);
  });

  it("reads a pending action saved without an operation as a publish", () => {
    expect(opFrom({ postToken: "gZx7yK3aB1" })).toEqual({ op: "publish", postToken: "gZx7yK3aB1" });
  });

  it("never sends a target that names nobody or an unknown operation", async () => {
    const { calls, client } = recordingClient();
    const stored: Record<string, string>[] = [
      { op: "deletePost" },
      { op: "publish" },
      { op: "explode", postToken: "gZx7yK3aB1" },
    ];
    for (const t of stored) {
      const op = opFrom(t);
      expect(op).toBeUndefined();
      const r = await sendOp(op, { client, body: {}, returnTo: "/", onPhones: () => {} });
      expect(r).toEqual({ ok: false, kind: "unreachable", message: "No target was given." });
    }
    expect(calls).toHaveLength(0);
  });

  it("sends each operation to its own proxy route, once", async () => {
    const cases: Array<[PublishOp, string, string]> = [
      [{ op: "publish", postToken: "gZx7yK3aB1" }, "POST", "/api/posts/gZx7yK3aB1/addon"],
      [{ op: "publish", phone: "09120000000" }, "POST", "/api/users/phone/09120000000/addon"],
      [{ op: "deletePost", postToken: "gZx7yK3aB1" }, "DELETE", "/api/posts/gZx7yK3aB1/addon"],
      [{ op: "semantic", divarUserId: "u-1", phone: "0912" }, "POST", "/api/users/id/u-1/semantic"],
    ];
    for (const [op, method, path] of cases) {
      const { calls, client } = recordingClient();
      await sendOp(op, { client, body: {}, returnTo: "/", onPhones: () => {} });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.method).toBe(method);
      expect(calls[0]?.url.split("?")[0]).toBe(path);
    }
  });

  it("hands the user's own phone numbers to the panel", async () => {
    const { client } = recordingClient(() => json(200, { phone_numbers: ["09120000000"] }));
    let got: string[] = [];
    const r = await sendOp(
      { op: "phones" },
      { client, body: null, returnTo: "/", onPhones: (n) => (got = n) },
    );
    expect(r.ok).toBe(true);
    expect(got).toEqual(["09120000000"]);
  });

  it("says what each finished operation did, with the add-on id a user publish answered", () => {
    const ok = published({});
    expect(doneText({ op: "publish", postToken: "gZx7yK3aB1" }, ok)).toBe("Published to post gZx7yK3aB1.");
    expect(doneText({ op: "publish", phone: "0912" }, published({ id: 7 }))).toBe(
      "Published to the user with phone 0912 (add-on id 7).",
    );
    expect(doneText({ op: "deleteSemantic", divarUserId: "u-1" }, ok)).toBe(
      "Deleted the semantic of the user u-1.",
    );
    expect(historyDetail({ op: "deletePost", postToken: "gZx7yK3aB1" }, ok)).toBe("add-ons removed");
    expect(historyKind({ op: "semantic", phone: "0912" })).toBe("semantic");
    expect(historyKind({ op: "deleteUserAddon", addonId: "7" })).toBe("user");
  });

  it("asks after a 401 for the held scopes plus what the operation needs", () => {
    expect(scopesFor({ op: "publish", postToken: "gZx7yK3aB1" }, ["A"])).toEqual([
      "A",
      "POST_ADDON_CREATE.gZx7yK3aB1",
    ]);
    expect(scopesFor({ op: "phones" }, [])).toEqual([USER_PHONE]);
    expect(scopesFor({ op: "semantic", phone: "0912" }, [])).toEqual([USER_PHONE]);
    expect(scopesFor(undefined, ["A"])).toEqual(["A"]);
  });
});
