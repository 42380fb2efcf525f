import { useCallback, useEffect, useRef, useState } from "react";
import { formatErrorMessage, type StudioErrorDetail } from "../../platform/errors";
import { forgetWait, keepWait, keptWait } from "./kept-wait";
import {
  type KeyValueStorage,
  newResumeKey,
  type PendingAction,
  readOAuthReturn,
  returnToFor,
  savePending,
  takePending,
  withoutOAuthParams,
} from "./oauth-resume";
import { withOffline } from "./offline-access";
import type { ProxyResult, Published } from "./proxy-client";
import { signInReturnError } from "./sign-in-failure";
import { useCountdown } from "./use-countdown";

/** Where a publish or send stands, as the panel shows it. */
export type SendOutcome =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "authorizing"; url: string; scope?: string | undefined }
  | { status: "success"; published: Published }
  | { status: "error"; error: StudioErrorDetail; httpStatus?: number }
  | { status: "unreachable"; message: string };

/** Codes whose cure is signing in again for the scope the proxy names. */
const AUTHORIZE_CODES = new Set([
  "missing_scope",
  "not_signed_in",
  "session_expired",
  "upstream_unauthorized",
]);

/** The browser bits the flow touches, injectable for tests. */
export interface FlowEnvironment {
  navigate: (url: string) => void;
  replaceUrl: (url: string) => void;
  location: { pathname: string; search: string; hash: string };
  storage: KeyValueStorage | undefined;
}

/** The real browser environment (only called from effects and handlers, never while rendering). */
export function browserEnvironment(storage: KeyValueStorage | undefined): FlowEnvironment {
  return {
    navigate: (url) => window.location.assign(url),
    replaceUrl: (url) => window.history.replaceState(window.history.state, "", url),
    location: window.location,
    storage,
  };
}

/** Decides what a proxy answer means for the user: done, an error to show, or OAuth to go through. */
export function outcomeOf(result: ProxyResult<Published>): SendOutcome {
  if (result.ok) return { status: "success", published: result.value };
  if (result.kind === "unreachable") return { status: "unreachable", message: result.message };
  const { error } = result;
  if (AUTHORIZE_CODES.has(error.code) && error.authorizeUrl)
    return { status: "authorizing", url: error.authorizeUrl, scope: error.scope };
  return { status: "error", error, httpStatus: result.status };
}

/** An attempt: what was sent where, and the key its return from the consent page carries. */
interface Sent {
  target: Record<string, string>;
  body: unknown;
  key: string;
}

/** The proxy's sign-in address for these scopes, coming back to `returnTo` (docs/api.md, /oauth/start). */
export function authorizeUrlFor(scopes: readonly string[], returnTo: string): string {
  return `/oauth/start?scope=${encodeURIComponent([...new Set(scopes)].join(" "))}&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Runs a publish or send through the proxy: when a scope is missing it stores the pending action,
 * leaves for the consent page, and on return (`?resume=<action>&oauth=granted`) sends it again.
 * `authorizeScopes` names what to ask for when the platform refuses the token itself (401) and the
 * proxy cannot say which scope would cure it: the user can then authorize again and retry.
 */
export function useSendFlow(opts: {
  action: PendingAction["action"];
  env: () => FlowEnvironment;
  send: (target: Record<string, string>, body: unknown, returnTo: string) => Promise<ProxyResult<Published>>;
  onDone?: (target: Record<string, string>, outcome: SendOutcome) => void;
  authorizeScopes?: (target: Record<string, string>) => string[];
  /**
   * When the editor knows it is signed out, or signed in without what `target` needs, the scopes to
   * sign in for before it is sent at all (src/editor/proxy/sign-in-first.ts): the flow then leaves for
   * the consent page as a 401 or 403 would have sent it, keeping the action to send once on return.
   * Undefined: send (the 401 or 403 remains the fallback).
   */
  signInFirst?: (target: Record<string, string>) => Promise<readonly string[] | undefined>;
  /**
   * Back from the consent page (Allow or Deny), the target of the pending action: the form puts back
   * what the user had typed, which the page reload emptied.
   */
  onRestore?: (target: Record<string, string>) => void;
}) {
  const [outcome, setOutcome] = useState<SendOutcome>({ status: "idle" });
  // What the outcome is about (a resumed action's target comes from storage, not from the form).
  const [target, setTarget] = useState<Record<string, string> | null>(null);
  const last = useRef<Sent | null>(null);
  const latest = useRef(opts);
  latest.current = opts;

  /** Keeps the action to resume after consent, then leaves for the consent page at `url`. */
  const leave = useCallback((e: FlowEnvironment, pending: Sent, url: string, scope?: string) => {
    savePending(e.storage, { action: latest.current.action, ...pending, at: Date.now() });
    const to = withOffline(url, e.storage);
    setOutcome({ status: "authorizing", url: to, scope });
    e.navigate(to);
  }, []);

  // `resumed`: sent again on return from the consent page. Asked for consent once more then (a
  // platform refusing the new token too, a scope unticked on the consent page), the flow stops on an
  // error with the button to authorize again, instead of leaving again at once: each return would
  // send it and leave again, one consent page after another.
  const run = useCallback(
    async (target: Record<string, string>, body: unknown, resumed = false) => {
      const { action, env, send, onDone, authorizeScopes, signInFirst } = latest.current;
      const e = env();
      // The key of this attempt's return address: an authorize button after it resumes this attempt.
      const key = newResumeKey();
      last.current = { target, body, key };
      setTarget(target);
      setOutcome({ status: "sending" });
      const returnTo = returnToFor(e.location.pathname, e.location.search, action, key);
      // Known to be signed out or short of a scope: to sign-in without a request only a 401 or 403
      // could answer. Never once back from the consent page: the action is then sent, once.
      const first = resumed ? undefined : await signInFirst?.(target);
      if (first && first.length > 0) {
        leave(e, { target, body, key }, authorizeUrlFor(first, returnTo));
        return;
      }
      const result = await send(target, body, returnTo);
      let next = outcomeOf(result);
      if (next.status === "authorizing" && resumed && !result.ok && result.kind !== "unreachable")
        next = {
          status: "error",
          error: { ...result.error, authorizeUrl: next.url },
          httpStatus: result.status,
        };
      if (
        next.status === "error" &&
        next.error.code === "upstream_unauthorized" &&
        !next.error.authorizeUrl
      ) {
        const scopes = authorizeScopes?.(target) ?? [];
        if (scopes.length > 0)
          next = { ...next, error: { ...next.error, authorizeUrl: authorizeUrlFor(scopes, returnTo) } };
      }
      if (next.status === "authorizing") {
        leave(e, { target, body, key }, next.url, next.scope);
        return;
      }
      setOutcome(next);
      onDone?.(target, next);
    },
    [leave],
  );

  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const { action, env } = latest.current;
    const e = env();
    const back = readOAuthReturn(e.location.search);
    if (back.resume !== action) return;
    e.replaceUrl(withoutOAuthParams(e.location.pathname, e.location.search, e.location.hash));
    // Only the return of the attempt that left (its key in the address) takes and sends it.
    const pending = takePending(e.storage, action, back.key);
    if (pending) latest.current.onRestore?.(pending.target);
    if (back.oauth === "granted" && pending) {
      void run(pending.target, pending.body, true);
      return;
    }
    // Its own return (a key), but the action is gone (too old, site data cleared): say so, once.
    if (back.oauth === "granted" && back.key) {
      const what = { publish: "publish", send: "message", subscribe: "subscription" }[action];
      setOutcome({
        status: "error",
        error: { code: "resume_lost", message: formatErrorMessage("resume_lost", { action: what }) },
      });
      return;
    }
    const error = signInReturnError(back);
    if (error) {
      if (pending) {
        last.current = { target: pending.target, body: pending.body, key: pending.key };
        setTarget(pending.target);
      }
      setOutcome({ status: "error", error });
    }
  }, [run]);

  /** Leaves for the consent page named by the current error, keeping the action to resume after it. */
  const authorizeAgain = useCallback(() => {
    if (outcome.status !== "error" || !outcome.error.authorizeUrl || !last.current) return;
    leave(latest.current.env(), last.current, outcome.error.authorizeUrl, outcome.error.scope);
  }, [outcome, leave]);

  // A failure that asked to wait (a 429, a 503 with Retry-After): sending again before it ends would
  // only be refused again, so the panels hold their buttons until then, over a reload too: the
  // failure is kept with the wall-clock end of its wait, and shown again (with what is left) when the
  // page comes back with nothing newer to show.
  const keptFor = useRef<SendOutcome | null>(null);
  const restoreTried = useRef(false);
  useEffect(() => {
    const { action, env } = latest.current;
    const storage = env().storage;
    if (outcome.status === "idle") {
      if (restoreTried.current) return;
      restoreTried.current = true;
      const kept = keptWait(storage, action, Date.now());
      if (kept) {
        const restored: SendOutcome = { status: "error", ...kept };
        keptFor.current = restored;
        setOutcome(restored);
      }
      return;
    }
    if (outcome === keptFor.current || outcome.status === "sending" || outcome.status === "authorizing")
      return;
    if (outcome.status === "error" && outcome.error.retryAfter !== undefined)
      keepWait(storage, action, { error: outcome.error, httpStatus: outcome.httpStatus }, Date.now());
    else forgetWait(storage, action);
  }, [outcome]);
  const waitLeft = useCountdown(outcome.status === "error" ? outcome.error.retryAfter : undefined, outcome);

  return { outcome, target, run, setOutcome, authorizeAgain, waitLeft, waiting: (waitLeft ?? 0) > 0 };
}
