import "../../preview/preview-styles";
import "../proxy/panels.css";
import { useCallback, useId, useMemo, useState } from "react";
import * as z from "zod";
import { postTokenSchema } from "../../platform/actions";
import { PHONE_PATTERN } from "../../platform/bodies";
import { postAddonScope, USER_ADDON_CREATE, USER_PHONE } from "../../platform/scopes";
import { validateBody } from "../../platform/validate";
import { selectDocumentKind, selectExportBody, selectPublishTarget } from "../store/selectors";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import {
  addHistoryEntry,
  describeTarget,
  type HistoryEntry,
  historyEntryFor,
  loadHistory,
  saveHistory,
} from "../proxy/publish-history";
import {
  createProxyClient,
  errorText,
  type ProxyClient,
  type ProxyResult,
  type Published,
  type UserTarget,
} from "../proxy/proxy-client";
import { SessionActions } from "./session-actions";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { useProxySession } from "../proxy/use-proxy-session";
import {
  browserEnvironment,
  type FlowEnvironment,
  type SendOutcome,
  useSendFlow,
} from "../proxy/use-send-flow";
import { importText } from "../json/import-body";
import type { FetchJson } from "../inbox/use-older-entries";
import { ConfirmButton } from "./confirm-button";
import { ServerHistory } from "./server-history";
import { OfflineAccessToggle } from "../proxy/offline-access";

/** Injectable collaborators (tests); the app uses the defaults. */
export interface PublishPanelProps {
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
  /** Reads GET /api/history (tests inject it). */
  fetchJson?: FetchJson;
}

type UserBy = "phone" | "divarUserId";

/**
 * What the panel's one flow does; kept in the target (a string map) so the action survives the
 * consent page and resumes as `resume=publish`. A target without `op` is a publish (older pending actions).
 */
type Op = "publish" | "deletePost" | "deleteUserAddon" | "semantic" | "deleteSemantic" | "phones";
const OPS: readonly Op[] = [
  "publish",
  "deletePost",
  "deleteUserAddon",
  "semantic",
  "deleteSemantic",
  "phones",
];
function opOf(t: Record<string, string>): Op {
  return OPS.find((o) => o === t.op) ?? "publish";
}

function targetOf(t: Record<string, string>): UserTarget | undefined {
  if (t.divarUserId)
    return t.phone ? { divarUserId: t.divarUserId, phone: t.phone } : { divarUserId: t.divarUserId };
  if (t.phone) return { phone: t.phone };
  return undefined;
}

/** The user add-on's id, from the 4.7 answer `{id}`. */
const addonIdSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });
function addonIdOf(outcome: SendOutcome): string | undefined {
  if (outcome.status !== "success") return undefined;
  const parsed = addonIdSchema.safeParse(outcome.published.result);
  return parsed.success ? String(parsed.data.id) : undefined;
}

/** The post page address for a token, from the proxy's `{post_token}` template. */
function postPage(template: string | null | undefined, token: string): string | undefined {
  return template ? template.replace("{post_token}", encodeURIComponent(token)) : undefined;
}

/** What a finished operation did, in the words of the outcome and the history. */
function doneText(t: Record<string, string>, outcome: SendOutcome): string {
  const who = describeTarget(t);
  switch (opOf(t)) {
    case "deletePost":
      return `Removed this app's add-ons from ${who}.`;
    case "deleteUserAddon":
      return `Removed ${who}.`;
    case "semantic":
      return `Saved the semantic of the ${who}.`;
    case "deleteSemantic":
      return `Deleted the semantic of the ${who}.`;
    case "phones":
      return "Your phone numbers are listed below: pick one.";
    case "publish": {
      const id = addonIdOf(outcome);
      return `Published to ${t.postToken ? who : `the ${who}`}${id ? ` (add-on id ${id})` : ""}.`;
    }
  }
}

/** The history's short word for a finished operation. */
function historyDetail(t: Record<string, string>, outcome: SendOutcome): string {
  switch (opOf(t)) {
    case "deletePost":
      return "add-ons removed";
    case "deleteUserAddon":
      return "removed";
    case "semantic":
      return "semantic saved";
    case "deleteSemantic":
      return "semantic deleted";
    case "phones":
    case "publish": {
      const id = addonIdOf(outcome);
      return id ? `published (add-on id ${id})` : "published";
    }
  }
}

/**
 * The 2.12 body made from a user add-on: its semantic, and ticket_uuid and cost when set; on the
 * live route by divar_user_id also the user's phone, which that route requires in the body.
 */
function semanticBodyOf(body: Record<string, unknown>, phone: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { semantic: body.semantic ?? {} };
  if (phone !== undefined) out.phone = phone;
  if (body.ticket_uuid !== undefined) out.ticket_uuid = body.ticket_uuid;
  if (body.cost !== undefined) out.cost = body.cost;
  return out;
}

/**
 * Publishes the document through the proxy: to a post (spec 4.6) or a user (4.7), the user's semantic
 * (4.8, 4.9), and removals; OAuth when needed, resuming the same action after the consent page.
 */
export function PublishPanel(props: PublishPanelProps = {}) {
  const store = useEditorStoreApi();
  const kind = useEditorStore(selectDocumentKind);
  const body = useEditorStore(selectExportBody);
  const postToken = useEditorStore(selectPublishTarget) ?? "";
  const storage = useMemo(() => props.storage ?? browserStorage(), [props.storage]);
  const client = useMemo(() => props.client ?? createProxyClient(), [props.client]);
  const env = props.env ?? (() => browserEnvironment(storage));
  const proxy = useProxySession(client);
  const [userBy, setUserBy] = useState<UserBy>("phone");
  const [userId, setUserId] = useState("");
  // The live semantic route by divar_user_id also needs the user's phone (body on create, query on delete).
  const [semanticPhone, setSemanticPhone] = useState("");
  const [phones, setPhones] = useState<string[] | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>(() => loadHistory(storage));
  const [historyKey, setHistoryKey] = useState(0);
  const ids = useId();

  const session = proxy.status === "present" ? proxy.session : null;
  const validation = useMemo(() => validateBody(kind, body), [kind, body]);
  const byId = userBy === "divarUserId";
  const semanticBody = useMemo(
    () => semanticBodyOf(body, byId && semanticPhone.trim() ? semanticPhone.trim() : undefined),
    [body, byId, semanticPhone],
  );
  const semanticCheck = useMemo(
    () => validateBody(byId ? "semantic-by-id" : "semantic", semanticBody),
    [byId, semanticBody],
  );
  const semanticKeys = Object.keys(
    typeof semanticBody.semantic === "object" && semanticBody.semantic !== null ? semanticBody.semantic : {},
  ).length;
  const tokenCheck = postTokenSchema.safeParse(postToken);

  const onDone = useCallback(
    (target: Record<string, string>, outcome: SendOutcome) => {
      const op = opOf(target);
      if (op === "phones") return;
      setHistoryKey((k) => k + 1);
      // After the consent page the editor reloads without its target; the resumed action knows it.
      if (target.postToken && store.getState().postToken !== target.postToken)
        store.getState().setPostToken(target.postToken);
      if (target.phone || target.divarUserId) {
        setUserBy(target.divarUserId ? "divarUserId" : "phone");
        setUserId((current) => current || (target.divarUserId ?? target.phone ?? ""));
      }
      const page =
        outcome.status === "success" && op === "publish"
          ? (outcome.published.postPageUrl ?? postPage(session?.postPageUrl, target.postToken ?? "")) ||
            undefined
          : undefined;
      const id = addonIdOf(outcome);
      const entry = historyEntryFor(
        op === "semantic" || op === "deleteSemantic" ? "semantic" : target.postToken ? "post" : "user",
        target,
        outcome,
        target.postToken ? page : undefined,
        new Date(),
        historyDetail(target, outcome),
      );
      if (!entry) return;
      setHistory((h) => {
        const next = addHistoryEntry(h, op === "publish" && id ? { ...entry, addonId: id } : entry);
        saveHistory(storage, next);
        return next;
      });
    },
    [session?.postPageUrl, storage, store],
  );

  const send = (
    target: Record<string, string>,
    b: unknown,
    returnTo: string,
  ): Promise<ProxyResult<Published>> => {
    const user = targetOf(target);
    const noTarget = Promise.resolve({
      ok: false,
      kind: "unreachable",
      message: "No target was given.",
    } as const);
    switch (opOf(target)) {
      case "deletePost":
        return target.postToken ? client.deletePostAddons(target.postToken, returnTo) : noTarget;
      case "deleteUserAddon":
        return target.addonId ? client.deleteUserAddon(target.addonId, returnTo) : noTarget;
      case "semantic":
        return user ? client.publishSemantic(user, b, returnTo) : noTarget;
      case "deleteSemantic":
        return user ? client.deleteSemantic(user, returnTo) : noTarget;
      case "phones":
        return client.phones(returnTo).then((r): ProxyResult<Published> => {
          if (!r.ok) return r;
          setPhones(r.value.phone_numbers);
          setUserBy("phone");
          setUserId((current) => current || (r.value.phone_numbers[0] ?? ""));
          return { ok: true, value: { ok: true } };
        });
      case "publish":
        if (target.postToken) return client.publishPost(target.postToken, b, returnTo);
        return user ? client.publishUser(user, b, returnTo) : noTarget;
    }
  };

  const flow = useSendFlow({
    action: "publish",
    env,
    send,
    onDone,
    // A 401 from the platform itself: ask again for what the session holds plus what this needs.
    authorizeScopes: (t) => {
      const held = session?.scopes ?? [];
      if (t.postToken) return [...held, postAddonScope(t.postToken)];
      if (opOf(t) === "phones") return [...held, USER_PHONE];
      if (opOf(t) === "publish") return [...held, USER_ADDON_CREATE];
      return held.length ? held : [USER_PHONE];
    },
  });

  const user: Record<string, string> | undefined = userId.trim() ? { [userBy]: userId.trim() } : undefined;
  const phoneOk = PHONE_PATTERN.test(semanticPhone.trim());
  // The phone travels with the semantic operations only, and only on the route by divar_user_id.
  const semanticUser: Record<string, string> = byId && phoneOk ? { phone: semanticPhone.trim() } : {};
  const target: Record<string, string> | undefined =
    kind === "post" ? (tokenCheck.success ? { postToken } : undefined) : user;
  const absent = proxy.status === "absent";
  // Not "authorizing": coming back from the consent page with Back restores that state as it was.
  const busy = flow.outcome.status === "sending";
  const canPublish = !absent && validation.ok && target !== undefined && !busy;
  const shownOp = flow.target ? opOf(flow.target) : "publish";

  const successPage =
    flow.outcome.status === "success" && shownOp === "publish" && flow.target?.postToken
      ? (flow.outcome.published.postPageUrl ?? postPage(session?.postPageUrl, flow.target.postToken)) ||
        undefined
      : undefined;
  // The start address's completion URL (4.11) from the address the platform opened, else the proxy's.
  const [completionParam] = useState(() => {
    const u = new URLSearchParams(env().location.search).get("completion_url");
    return u && /^https?:\/\//.test(u) ? u : null;
  });
  // A completion_url in the address is only trusted on the origin the proxy is configured with, so a
  // crafted link cannot turn "Back to the platform" into a link to anywhere.
  const completionUrl = trustedCompletionUrl(completionParam, session?.completionUrl ?? null);
  const outcomeAddonId = shownOp === "publish" ? addonIdOf(flow.outcome) : undefined;

  // The history this browser kept: shown without a proxy store (or signed out), and as the fallback.
  const localHistory = (
    <>
      {history.length === 0 ? <p>Nothing published from this browser yet.</p> : null}
      {history.length > 0 ? (
        <>
          <ol aria-labelledby={`${ids}-hist`} className="publish-history">
            {history.map((h) => (
              <li key={`${h.at}-${h.target}-${h.detail}`}>
                <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time> · {h.target} ·{" "}
                {h.ok ? h.detail : `failed: ${h.detail}`}
                {h.pageUrl ? (
                  <>
                    {" "}
                    · <a href={h.pageUrl}>page</a>
                  </>
                ) : null}
                {h.addonId ? (
                  <>
                    {" "}
                    <ConfirmButton
                      label="Remove"
                      labelDetail={`user add-on ${h.addonId}`}
                      question={`Remove user add-on ${h.addonId}?`}
                      confirmLabel="Remove it"
                      disabled={absent || busy}
                      onConfirm={() =>
                        h.addonId && void flow.run({ op: "deleteUserAddon", addonId: h.addonId }, null)
                      }
                    />
                  </>
                ) : null}
              </li>
            ))}
          </ol>
          <button
            className="button"
            type="button"
            onClick={() => {
              setHistory([]);
              saveHistory(storage, []);
            }}
          >
            Clear history
          </button>
        </>
      ) : null}
    </>
  );

  return (
    <section className="publish-panel" aria-labelledby={`${ids}-h`}>
      <div className="publish-main">
        <h2 id={`${ids}-h`}>Publish</h2>
        {proxy.status === "checking" ? <p>Looking for the proxy…</p> : null}
        {absent ? (
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
        {session?.signedIn ? <SessionActions client={client} /> : null}
        {proxy.status === "present" ? (
          <OfflineAccessToggle storage={storage} held={session?.scopes.includes("offline_access")} />
        ) : null}

        {kind === "post" ? (
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-token`}>
              Post token
            </label>
            <input
              className="input"
              id={`${ids}-token`}
              value={postToken}
              spellCheck={false}
              dir="ltr"
              aria-invalid={postToken !== "" && !tokenCheck.success}
              aria-describedby={`${ids}-token-help`}
              onChange={(e) => store.getState().setPostToken(e.target.value.trim() || null)}
            />
            <small id={`${ids}-token-help`}>
              {postToken !== "" && !tokenCheck.success
                ? `Post token ${tokenCheck.error.issues[0]?.message ?? "is not valid"}`
                : "The post to attach the add-on to (8 to 16 letters, digits or underscores)."}
            </small>
          </div>
        ) : (
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-by`}>
              Identify the user by
            </label>
            <select
              className="input"
              id={`${ids}-by`}
              value={userBy}
              onChange={(e) => setUserBy(e.target.value === "divarUserId" ? "divarUserId" : "phone")}
            >
              <option value="phone">Phone (spec 4.7)</option>
              <option value="divarUserId">Divar user id (live platform)</option>
            </select>
            <label className="field-label" htmlFor={`${ids}-user`}>
              {userBy === "phone" ? "Phone" : "Divar user id"}
            </label>
            <input
              className="input"
              id={`${ids}-user`}
              value={userId}
              dir="ltr"
              spellCheck={false}
              aria-describedby={`${ids}-user-help`}
              onChange={(e) => setUserId(e.target.value)}
            />
            <small id={`${ids}-user-help`}>
              {userBy === "phone"
                ? "The user's phone number, e.g. 09120000000; or pick one of your own below."
                : "The user's divar_user_id, as the live platform names users."}
            </small>
            {userBy === "phone" ? (
              <button
                className="button"
                type="button"
                onClick={() => void flow.run({ op: "phones" }, null)}
                disabled={absent || busy}
              >
                Use my phone numbers
              </button>
            ) : null}
            {phones && userBy === "phone" ? (
              phones.length === 0 ? (
                <p>The platform lists no phone number for you: type one above.</p>
              ) : (
                <>
                  <label className="field-label" htmlFor={`${ids}-phones`}>
                    My phone numbers
                  </label>
                  <select
                    className="input"
                    id={`${ids}-phones`}
                    value={phones.includes(userId) ? userId : ""}
                    onChange={(e) => setUserId(e.target.value)}
                  >
                    {phones.includes(userId) ? null : <option value="">Choose a number</option>}
                    {phones.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </select>
                </>
              )
            ) : null}
          </div>
        )}

        {!validation.ok ? (
          <p className="publish-blocked">
            The add-on has {validation.errors.length} error{validation.errors.length === 1 ? "" : "s"}: fix
            them in the problems panel, then publish.
          </p>
        ) : null}
        {target === undefined && !absent ? (
          <p className="muted">
            {kind === "post" ? "Enter a valid post token to publish." : "Enter the user to publish to."}
          </p>
        ) : null}
        <div className="publish-actions">
          <button
            className="button is-primary"
            type="button"
            disabled={!canPublish}
            onClick={() => target && void flow.run({ op: "publish", ...target }, body)}
          >
            Publish
          </button>
          {kind === "post" ? (
            <ConfirmButton
              label="Remove this post's add-ons"
              question={`Remove every add-on this app attached to post ${postToken}? This cannot be undone.`}
              confirmLabel="Remove them"
              disabled={absent || busy || !tokenCheck.success}
              onConfirm={() => void flow.run({ op: "deletePost", postToken }, null)}
            />
          ) : null}
        </div>

        <SendOutcomeView
          outcome={flow.outcome}
          successText={flow.target ? doneText(flow.target, flow.outcome) : "Done."}
          pageUrl={successPage}
          onAuthorize={flow.authorizeAgain}
        />
        {outcomeAddonId ? (
          <ConfirmButton
            label="Remove this user add-on"
            question={`Remove user add-on ${outcomeAddonId}? This cannot be undone.`}
            confirmLabel="Remove it"
            disabled={absent || busy}
            onConfirm={() => void flow.run({ op: "deleteUserAddon", addonId: outcomeAddonId }, null)}
          />
        ) : null}
        {completionUrl && flow.outcome.status === "success" && shownOp !== "phones" ? (
          <p>
            <a href={completionUrl}>Back to the platform</a>
          </p>
        ) : null}
        {kind === "post" &&
        tokenCheck.success &&
        postPage(session?.postPageUrl, postToken) &&
        !successPage ? (
          <p>
            <a href={postPage(session?.postPageUrl, postToken)} target="_blank" rel="noreferrer">
              Open the post's page on the emulator
            </a>
          </p>
        ) : null}

        {kind === "user" ? (
          <section className="publish-semantic" aria-labelledby={`${ids}-sem`}>
            <h3 id={`${ids}-sem`}>User semantic</h3>
            <p className="muted">
              Sends this add-on's semantic
              {semanticBody.ticket_uuid !== undefined || semanticBody.cost !== undefined
                ? " (with its ticket_uuid and cost)"
                : ""}{" "}
              to the same user on its own (spec 4.8), or deletes what the user has (4.9).
            </p>
            {byId ? (
              <div className="field">
                <label className="field-label" htmlFor={`${ids}-sem-phone`}>
                  User's phone
                </label>
                <input
                  className="input"
                  id={`${ids}-sem-phone`}
                  value={semanticPhone}
                  dir="ltr"
                  spellCheck={false}
                  inputMode="tel"
                  aria-invalid={semanticPhone.trim() !== "" && !phoneOk}
                  aria-describedby={`${ids}-sem-phone-help`}
                  onChange={(e) => setSemanticPhone(e.target.value)}
                />
                <small id={`${ids}-sem-phone-help`}>
                  {semanticPhone.trim() !== "" && !phoneOk
                    ? "Phone must be 4 to 15 digits, optionally after +, e.g. 09120000000."
                    : "The live route by Divar user id takes the user's phone too: in the body to save, in the query to delete."}
                </small>
              </div>
            ) : null}
            {semanticKeys === 0 ? (
              <p>The add-on has no semantic keys yet: add them under Add-on settings, Semantic.</p>
            ) : null}
            {!semanticCheck.ok && semanticKeys > 0 ? (
              <ul className="publish-blocked" aria-label="Semantic problems">
                {semanticCheck.errors.map((p) => (
                  <li key={`${p.at}:${p.message}`}>
                    <code>{p.at}</code>: {p.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="publish-actions">
              <button
                className="button"
                type="button"
                disabled={absent || busy || !user || semanticKeys === 0 || !semanticCheck.ok}
                onClick={() =>
                  user && void flow.run({ op: "semantic", ...user, ...semanticUser }, semanticBody)
                }
              >
                Save the user's semantic
              </button>
              <ConfirmButton
                label="Delete the user's semantic"
                question={`Delete the semantic of the ${user ? describeTarget(user) : "user"}? This cannot be undone.`}
                confirmLabel="Delete it"
                disabled={absent || busy || !user || (byId && !phoneOk)}
                onConfirm={() =>
                  user && void flow.run({ op: "deleteSemantic", ...user, ...semanticUser }, null)
                }
              />
            </div>
          </section>
        ) : null}
      </div>
      <div className="publish-side">
        <h3 id={`${ids}-hist`}>Publish history</h3>
        {session?.signedIn ? (
          <ServerHistory
            fallback={localHistory}
            refreshKey={historyKey}
            disabled={busy}
            {...(props.fetchJson ? { fetchJson: props.fetchJson } : {})}
            onOpen={(r) => {
              const res = importText(
                JSON.stringify(r.body),
                r.target.kind === "user_addon" ? "user" : "post",
              );
              if (!res.ok) return;
              store.getState().replace(res.doc);
              if (r.target.kind === "post_addon") store.getState().setPostToken(r.target.id);
            }}
            onRun={(t, b) => void flow.run(t, b)}
          />
        ) : null}
        {session?.signedIn ? null : localHistory}
      </div>
    </section>
  );
}

/** The completion address to offer: the one from the page address when it is on the configured origin. */
export function trustedCompletionUrl(fromAddress: string | null, configured: string | null): string | null {
  if (!configured) return null;
  if (!fromAddress) return configured;
  try {
    return new URL(fromAddress).origin === new URL(configured).origin ? fromAddress : configured;
  } catch {
    return configured;
  }
}
