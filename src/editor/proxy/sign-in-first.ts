import type { ProxyClient, ProxySession } from "./proxy-client";

/**
 * The scopes a signed-out session still names (an expired session's; none otherwise), when the
 * editor's session says it is signed out and the proxy, asked again now, agrees. The caller then goes
 * to sign-in at once rather than send a request the proxy can only refuse with 401 not_signed_in (a
 * red line in the browser's console on the normal path to the consent page). Undefined when signed
 * in or not known (the session not read yet, no proxy, another tab signed in since): the request is
 * sent, and a 401 still leads to sign-in.
 */
export async function signedOutScopes(
  client: Pick<ProxyClient, "session">,
  known: ProxySession | null | undefined,
): Promise<string[] | undefined> {
  if (known?.signedIn !== false) return undefined;
  const now = await client.session();
  return now.ok && !now.value.signedIn ? now.value.scopes : undefined;
}
