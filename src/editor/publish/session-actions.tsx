import { useEffect, useRef, useState } from "react";
import { isRecord } from "../../platform/json";
import { putInTab, takeFromTab } from "../drafts/tab-slot";
import type { ProxyClient } from "../proxy/proxy-client";
import { tabStorage } from "../shell/tab-memory";
import { ConfirmButton } from "./confirm-button";

/** Kept in the tab over the reload a sign-out ends with: which sign-out it was, said once after it. */
const SIGNED_OUT_KEY = "addon-studio:signed-out";
type SignedOut = "here" | "everywhere";
/** Said only right after the reload: a note left unread (the Publish panel not shown then) goes stale. */
const SAID_WITHIN_MS = 60_000;

/**
 * Sign out (this session, including any copy of its cookie) and sign out everywhere (every session
 * the studio issued, in every browser). Reloads the page afterwards, so every panel reads the
 * signed-out state; the document is kept as a draft in the browser, and the reloaded page says it
 * signed out (`SignedOutNote`).
 */
export function SessionActions(props: { client: ProxyClient; reload?: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const reload = props.reload ?? (() => window.location.reload());
  const run = async (action: () => ReturnType<ProxyClient["signOut"]>, which: SignedOut) => {
    const r = await action();
    if (r.ok) {
      putInTab(tabStorage(), SIGNED_OUT_KEY, JSON.stringify({ which, at: Date.now() }));
      reload();
    } else setError(r.kind === "unreachable" ? r.message : r.error.message);
  };
  return (
    <div className="session-actions">
      <button className="button" type="button" onClick={() => void run(props.client.signOut, "here")}>
        Sign out
      </button>
      <ConfirmButton
        label="Sign out everywhere"
        question="End every studio session, in every browser (other people's sessions of this studio too)?"
        confirmLabel="Sign out everywhere"
        onConfirm={() => void run(props.client.signOutEverywhere, "everywhere")}
      />
      {error ? (
        <p className="send-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After the reload a sign-out ends with: says it signed out and takes the focus (the button pressed
 * went with the old page, so focus would start at the page's top with nothing said). Shown once.
 */
export function SignedOutNote() {
  const [which] = useState(() => {
    const kept = takeFromTab(tabStorage(), SIGNED_OUT_KEY);
    if (!isRecord(kept) || typeof kept.at !== "number" || Date.now() - kept.at > SAID_WITHIN_MS)
      return undefined;
    return kept.which === "here" || kept.which === "everywhere" ? kept.which : undefined;
  });
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (which) ref.current?.focus();
  }, [which]);
  if (!which) return null;
  return (
    <p className="signed-out-note" role="status" tabIndex={-1} ref={ref}>
      {which === "here"
        ? "Signed out: this browser's session with the studio has ended. Your draft is kept; publishing asks for permission again."
        : "Signed out everywhere: every session this studio issued has ended, in every browser. Your draft is kept; publishing asks for permission again."}
    </p>
  );
}
