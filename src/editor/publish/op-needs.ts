import {
  postAddonScopeSets,
  USER_ADDON_CREATE,
  USER_PHONE,
  USER_VERIFICATION_CREATE,
} from "../../platform/scopes";
import type { PublishOp } from "./publish-ops";

/**
 * The scopes the proxy's route for an operation accepts (any one set; `[[]]`: signed in is enough), as
 * src/server/routes/api-routes.ts passes them to requireToken. The editor checks them against the
 * session before sending, so a session lacking them goes to consent instead of meeting a 403.
 */
export function needsOf(op: PublishOp): string[][] {
  switch (op.op) {
    case "publish":
      return "postToken" in op ? postAddonScopeSets(op.postToken) : [[USER_ADDON_CREATE]];
    case "deletePost":
      return postAddonScopeSets(op.postToken);
    case "semantic":
      return "divarUserId" in op && op.divarUserId !== undefined ? [[USER_VERIFICATION_CREATE]] : [[]];
    case "phones":
      return [[USER_PHONE]];
    case "deleteUserAddon":
    case "deleteSemantic":
      return [[]];
  }
}
