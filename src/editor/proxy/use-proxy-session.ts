import { useEffect, useState } from "react";
import type { ProxyClient, ProxySession } from "./proxy-client";

/** The proxy's state as the panels need it: still asking, absent (static hosting), or its session. */
export type ProxyState =
  | { status: "checking" }
  | { status: "absent"; message: string }
  | { status: "present"; session: ProxySession | null };

/** Asks the proxy for its session once; a missing proxy is a normal state, not an error. */
export function useProxySession(client: ProxyClient): ProxyState {
  const [state, setState] = useState<ProxyState>({ status: "checking" });
  useEffect(() => {
    let live = true;
    void client.session().then((r) => {
      if (!live) return;
      if (r.ok) setState({ status: "present", session: r.value });
      else if (r.kind === "unreachable") setState({ status: "absent", message: r.message });
      // The proxy answered with an error: it exists, the session is just unknown.
      else setState({ status: "present", session: null });
    });
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}
