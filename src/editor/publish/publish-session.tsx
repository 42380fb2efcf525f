import type { KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle } from "../proxy/offline-access";
import type { ProxyClient } from "../proxy/proxy-client";
import type { ProxyState } from "../proxy/use-proxy-session";
import { SessionActions } from "./session-actions";

/** Where the proxy and the sign-in stand, with sign-out and the offline-access choice. */
export function PublishSession(props: {
  proxy: ProxyState;
  client: ProxyClient;
  storage: KeyValueStorage | undefined;
}) {
  const { proxy } = props;
  const session = proxy.status === "present" ? proxy.session : null;
  return (
    <>
      {proxy.status === "checking" ? <p>Looking for the proxy…</p> : null}
      {proxy.status === "absent" ? (
        <p className="publish-no-proxy" role="note">
          {proxy.message}
        </p>
      ) : null}
      {session ? (
        <p className="publish-session">
          {session.signedIn
            ? `Signed in (${session.scopes.length} permission${session.scopes.length === 1 ? "" : "s"})`
            : "Not signed in yet: publishing asks for permission first"}
          {session.mode ? ` · platform: ${session.mode}` : ""}
        </p>
      ) : null}
      {session?.signedIn ? <SessionActions client={props.client} /> : null}
      {proxy.status === "present" ? (
        <OfflineAccessToggle storage={props.storage} held={session?.scopes.includes("offline_access")} />
      ) : null}
    </>
  );
}
