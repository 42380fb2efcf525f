import type { KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle } from "../proxy/offline-access";
import type { ProxyClient } from "../proxy/proxy-client";
import type { ProxyState } from "../proxy/use-proxy-session";
import { countOf } from "../ui/count-of";
import { SessionActions, SignedOutNote } from "./session-actions";

/** Where the proxy and the sign-in stand, in one line beside the panel's heading. */
export function PublishSession(props: { proxy: ProxyState }) {
  const { proxy } = props;
  const session = proxy.status === "present" ? proxy.session : null;
  if (proxy.status === "checking") return <p className="publish-session">Looking for the proxy…</p>;
  if (!session) return null;
  return (
    <p className="publish-session">
      {session.signedIn
        ? `Signed in (${countOf(session.scopes.length, "permission")})`
        : "Not signed in yet: publishing asks for permission first"}
      {session.mode ? ` · platform: ${session.mode}` : ""}
    </p>
  );
}

/**
 * Sign-out and the offline-access choice: read once, so they sit beside the history rather than
 * between the target and the Publish button.
 */
export function SignInOptions(props: {
  proxy: ProxyState;
  client: ProxyClient;
  storage: KeyValueStorage | undefined;
}) {
  const { proxy } = props;
  if (proxy.status !== "present") return null;
  const session = proxy.session;
  return (
    <div className="publish-signin">
      {session?.signedIn ? <SessionActions client={props.client} /> : <SignedOutNote />}
      <OfflineAccessToggle storage={props.storage} held={session?.scopes.includes("offline_access")} />
    </div>
  );
}
