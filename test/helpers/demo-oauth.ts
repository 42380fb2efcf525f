import { DEMO_APP } from "../../src/emulator/state";

/** The demo app's first registered redirect address, which the emulator accepts. */
export const DEMO_REDIRECT = DEMO_APP.redirectUris[0] ?? "";

/** The query of an authorize request from the demo app for `scope`; `overrides` replace any parameter. */
export function demoAuthorizeQuery(
  scope: string,
  state: string,
  overrides: Record<string, string> = {},
): URLSearchParams {
  return new URLSearchParams({
    response_type: "code",
    client_id: DEMO_APP.slug,
    redirect_uri: DEMO_REDIRECT,
    scope,
    state,
    ...overrides,
  });
}

/** A form-encoded token request body from the demo app (its client credentials plus `fields`). */
export function demoTokenForm(fields: Record<string, string>): string {
  return new URLSearchParams({
    client_id: DEMO_APP.slug,
    client_secret: DEMO_APP.clientSecret,
    redirect_uri: DEMO_REDIRECT,
    ...fields,
  }).toString();
}
