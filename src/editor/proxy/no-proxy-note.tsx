import type { ProxyState } from "./use-proxy-session";

/** Says why nothing can be sent while the studio's server cannot be reached (nothing otherwise). */
export function NoProxyNote(props: { proxy: ProxyState }) {
  return props.proxy.status === "absent" ? (
    <p className="no-proxy-note" role="note">
      {props.proxy.message}
    </p>
  ) : null;
}
