import { meetsScopeSets } from "../../platform/scopes";
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

/** The alternative scope sets an action needs (any one), as the proxy's requireToken checks them. */
export type ScopeSets =
  | readonly (readonly string[])[]
  | ((held: readonly string[]) => readonly (readonly string[])[]);

function meets(held: readonly string[], sets: ScopeSets): boolean {
  return meetsScopeSets(held, typeof sets === "function" ? sets(held) : sets);
}

/**
 * What to sign in for before sending an action that needs one of `sets`, so that no request only a
 * 401 or a 403 could answer is sent: known (and confirmed) signed out, what `signedOut` asks for with
 * the scopes the session still names (as the proxy's 401 not_signed_in would); signed in and holding
 * none of the sets (confirmed by asking again: another tab may have signed in for more), what is held
 * plus the first set (as the proxy's 403 missing_scope would). Undefined: send it (an expired token
 * is the proxy's to renew; a session not read yet, or no proxy, leaves the 401 or 403 as the fallback).
 */
export async function scopesToSignInFirst(
  client: Pick<ProxyClient, "session">,
  known: ProxySession | null | undefined,
  sets: ScopeSets,
  signedOut: (held: readonly string[]) => readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (known?.signedIn === false) {
    const held = await signedOutScopes(client, known);
    const wanted = held && signedOut(held);
    return wanted ? [...wanted] : undefined;
  }
  if (!known?.signedIn || known.expired || meets(known.scopes, sets)) return undefined;
  const now = await client.session();
  if (!now.ok || !now.value.signedIn || now.value.expired) return undefined;
  const held = now.value.scopes;
  if (meets(held, sets)) return undefined;
  const first = (typeof sets === "function" ? sets([]) : sets)[0] ?? [];
  return [...new Set([...held, ...first])];
}
