import type { Context } from "hono";
import { PHONE_PATTERN } from "../platform/bodies";
import type { ServerDeps } from "./deps";
import { catchUpHistoryUser } from "./history-user";

/**
 * STUDIO_USERS: the phone numbers (as GET /users gives them, e.g. 09121234567) of the people who may
 * remove a user's data through this studio. Those removals (a user's semantic data, a user add-on by
 * id) are sent with the app's API key alone (spec 4.9), so on a studio anyone with a platform account
 * can reach, every signed-in user could remove any user's data: a confused deputy. Unset, anyone
 * signed in may (the local studio, a team behind its own network).
 */
export function parseStudioUsers(
  value: string | undefined,
): { phones: readonly string[] | undefined } | { error: string } {
  if (value === undefined || value.trim() === "") return { phones: undefined };
  const phones = value.split(/[\s,]+/).filter(Boolean);
  const bad = phones.find((p) => !PHONE_PATTERN.test(p));
  if (bad === undefined) return { phones };
  return {
    error: `STUDIO_USERS holds "${bad.slice(0, 40)}", which is not a phone number: list the team's phone numbers as GET /users gives them (e.g. 09121234567), separated by commas.`,
  };
}

/**
 * Why the signed-in user may not remove a user's data (an answer to send), or undefined when they may:
 * with STUDIO_USERS set, only a user the studio knows by a listed phone number.
 */
export async function removalRefused(deps: ServerDeps, c: Context): Promise<string | undefined> {
  const listed = deps.config.studioUsers;
  if (!listed) return undefined;
  // A sign-in whose read of GET /users failed is named here, if the platform answers now.
  await catchUpHistoryUser(deps, c);
  const user = deps.sessions.read(c)?.user;
  const phone = user?.startsWith("phone:") ? user.slice("phone:".length) : undefined;
  if (phone !== undefined && listed.includes(phone)) return undefined;
  return phone === undefined
    ? "the studio does not know your phone number: sign in again and allow it to read your phone number"
    : `${phone} is not one of them`;
}
