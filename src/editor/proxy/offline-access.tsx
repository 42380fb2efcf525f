import { useId, useState } from "react";
import type { KeyValueStorage } from "./oauth-resume";

const KEY = "addon-studio.offline-access";

/** Whether the user opted in to offline access (a refresh token), remembered in this browser. */
export function wantsOffline(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Adds `offline=1` to the proxy's sign-in address when the user opted in (docs/api.md, /oauth/start). */
export function withOffline(url: string, storage: KeyValueStorage | undefined): string {
  if (!wantsOffline(storage) || !url.startsWith("/oauth/start") || /[?&]offline=1\b/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}offline=1`;
}

/**
 * The opt-in to offline access (spec 5.5): with it the proxy renews the token by itself for up to
 * 30 days and re-creates the event subscriptions after each renewal (6.3.3); without it a session
 * ends after an hour and the subscriptions with it.
 */
export function OfflineAccessToggle(props: { storage: KeyValueStorage | undefined; held?: boolean }) {
  const [on, setOn] = useState(() => wantsOffline(props.storage));
  const id = useId();
  if (props.held) return <p className="muted">Offline access granted: the session renews itself.</p>;
  return (
    <div className="field is-inline">
      <input
        id={id}
        type="checkbox"
        checked={on}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          setOn(e.target.checked);
          try {
            if (e.target.checked) props.storage?.setItem(KEY, "1");
            else props.storage?.removeItem(KEY);
          } catch {
            // Not remembered: the choice still applies until the page reloads.
          }
        }}
      />{" "}
      <label htmlFor={id}>Stay signed in (offline access)</label>
      <small id={`${id}-help`}>
        {" "}
        Asked for at the next sign-in: the proxy then renews the token for up to 30 days and keeps event
        subscriptions alive.
      </small>
    </div>
  );
}
