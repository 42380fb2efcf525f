// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { signInFailure } from "../../src/editor/proxy/sign-in-failure";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { errorCodeSchema } from "../../src/platform/errors";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

// Back from a sign-in whose token request failed (`?oauth=failed&oauth_error=<code>`, thirteenth
// session): the user reads what failed and what to do, never a send's words or a placeholder.

afterEach(cleanup);

const SESSION = { signedIn: false, scopes: [], mode: "emulator" };

function backFromSignIn(oauthError: string) {
  const storage = memoryStorage();
  const { env } = flowEnv(storage, { search: `?resume=publish&oauth=failed&oauth_error=${oauthError}` });
  const store = createEditorStore({ postToken: "gZx7yK3aB1" });
  store.getState().addWidget("title_row");
  const fetch = fakeFetch(async () => json(200, SESSION));
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
}

describe("a failed sign-in, as the editor shows it", () => {
  it.each([
    ["upstream_timeout", "did not answer in time"],
    ["upstream_server_error", "failed with a server error"],
    ["upstream_invalid_response", "answered in a shape the studio cannot use"],
    ["token_exchange_failed", "refused to issue a token"],
    ["upstream_outcome_unknown", "broke before it answered"],
  ])("%s: says signing in failed, why, and what to do", async (code, why) => {
    backFromSignIn(code);
    const text = (await screen.findByRole("alert")).textContent ?? "";
    expect(text).toContain("Signing in with the platform did not complete");
    expect(text).toContain(why);
    expect(text).toContain("Nothing was sent to the platform");
    expect(text).toContain("Try again");
    expect(text).not.toMatch(/no detail given|\{\w+\}/);
    // Not a send's outcome: no "may still have applied", no warning about delivering twice.
    expect(text).not.toMatch(/may still have applied|may or may not|deliver it a second time|seconds\./);
  });

  it("every code the address may carry, and none, reads as a complete sentence", () => {
    for (const code of [...errorCodeSchema.options, "made_up", ""]) {
      const { code: shown, message } = signInFailure(code);
      expect(shown).toBe("sign_in_failed");
      expect(message, code).toMatch(
        /^Signing in with the platform did not complete: the [^.]+\. Nothing was sent to the platform\. Try again/,
      );
      expect(message).not.toMatch(/no detail given|\{\w+\}/);
    }
  });

  it.each([
    ["invalid_scope", "not a scope it has"],
    ["unauthorized_client", "check APP_SLUG"],
    ["invalid_request", "redirect addresses"],
  ])(
    "%s at the consent page: says to correct the settings first, not to try again unchanged",
    (reason, what) => {
      const { message } = signInFailure(
        "sign_in_failed",
        reason,
        "Not a scope the platform has: USER_PHONES.",
      );
      expect(message).toContain(what);
      expect(message).toContain('(the platform says: "Not a scope the platform has: USER_PHONES.")');
      expect(message).toMatch(
        /Nothing was sent to the platform\. Correct the setting this message names, then sign in again/,
      );
      expect(message).not.toContain("Try again");
    },
  );

  it("a busy consent page still says to try again", () => {
    const { message } = signInFailure("sign_in_failed", "temporarily_unavailable", null);
    expect(message).toContain("wait a minute");
    expect(message).toContain("Try again: the studio takes you through signing in again");
  });
});
