import "../preview/preview-styles";
import "./panels.css";
import { useCallback, useId, useMemo, useState } from "react";
import { postTokenSchema } from "../../platform/actions";
import { validateBody } from "../../platform/validate";
import { selectDocumentKind, selectExportBody, selectPublishTarget } from "../store/selectors";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { browserStorage, type KeyValueStorage } from "./oauth-resume";
import { addHistoryEntry, type HistoryEntry, loadHistory, saveHistory } from "./publish-history";
import { createProxyClient, errorText, type ProxyClient, type UserTarget } from "./proxy-client";
import { SendOutcomeView } from "./send-outcome-view";
import { useProxySession } from "./use-proxy-session";
import { browserEnvironment, type FlowEnvironment, type SendOutcome, useSendFlow } from "./use-send-flow";

/** Injectable collaborators (tests); the app uses the defaults. */
export interface PublishPanelProps {
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
}

type UserBy = "phone" | "divarUserId";

function targetOf(t: Record<string, string>): UserTarget | undefined {
  if (t.phone) return { phone: t.phone };
  if (t.divarUserId) return { divarUserId: t.divarUserId };
  return undefined;
}

/** The post page address for a token, from the proxy's `{post_token}` template. */
function postPage(template: string | null | undefined, token: string): string | undefined {
  return template ? template.replace("{post_token}", encodeURIComponent(token)) : undefined;
}

function describeTarget(t: Record<string, string>): string {
  if (t.postToken) return `post ${t.postToken}`;
  if (t.phone) return `user with phone ${t.phone}`;
  if (t.divarUserId) return `user ${t.divarUserId}`;
  if (t.conversationId) return `conversation ${t.conversationId}`;
  return "unknown target";
}

/** The result of a finished publish, for the history. */
export function historyEntryFor(
  kind: HistoryEntry["kind"],
  target: Record<string, string>,
  outcome: SendOutcome,
  pageUrl: string | undefined,
  now = new Date(),
): HistoryEntry | undefined {
  const base = { at: now.toISOString(), kind, target: describeTarget(target) };
  if (outcome.status === "success")
    return { ...base, ok: true, detail: "Published", ...(pageUrl ? { pageUrl } : {}) };
  if (outcome.status === "error") return { ...base, ok: false, detail: errorText(outcome.error) };
  return undefined;
}

/** Publishes the document through the proxy: to a post (spec 4.6) or a user (4.7), with OAuth when needed. */
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
  const [phones, setPhones] = useState<string[] | null>(null);
  const [phonesError, setPhonesError] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>(() => loadHistory(storage));
  const ids = useId();

  const session = proxy.status === "present" ? proxy.session : null;
  const validation = useMemo(() => validateBody(kind, body), [kind, body]);
  const tokenCheck = postTokenSchema.safeParse(postToken);

  const onDone = useCallback(
    (target: Record<string, string>, outcome: SendOutcome) => {
      // After the consent page the editor reloads without the post token; the resumed publish knows it.
      if (target.postToken && store.getState().postToken !== target.postToken)
        store.getState().setPostToken(target.postToken);
      const page =
        outcome.status === "success"
          ? (outcome.published.postPageUrl ?? postPage(session?.postPageUrl, target.postToken ?? "")) ||
            undefined
          : undefined;
      const entry = historyEntryFor(
        target.postToken ? "post" : "user",
        target,
        outcome,
        target.postToken ? page : undefined,
      );
      if (!entry) return;
      setHistory((h) => {
        const next = addHistoryEntry(h, entry);
        saveHistory(storage, next);
        return next;
      });
    },
    [session?.postPageUrl, storage, store],
  );

  const flow = useSendFlow({
    action: "publish",
    env,
    send: (target, b, returnTo) => {
      if (target.postToken) return client.publishPost(target.postToken, b, returnTo);
      const user = targetOf(target);
      if (!user)
        return Promise.resolve({ ok: false, kind: "unreachable", message: "No target was given." } as const);
      return client.publishUser(user, b, returnTo);
    },
    onDone,
  });

  const target: Record<string, string> | undefined =
    kind === "post"
      ? tokenCheck.success
        ? { postToken }
        : undefined
      : userId.trim()
        ? { [userBy]: userId.trim() }
        : undefined;
  const absent = proxy.status === "absent";
  const canPublish = !absent && validation.ok && target !== undefined && flow.outcome.status !== "sending";

  const fetchPhones = async () => {
    setPhonesError(null);
    const e = env();
    const r = await client.phones(`${e.location.pathname}${e.location.search}`);
    if (r.ok) {
      setPhones(r.value.phone_numbers);
      if (r.value.phone_numbers[0]) setUserId(r.value.phone_numbers[0]);
    } else if (r.kind === "unreachable") setPhonesError(r.message);
    else if (r.error.authorizeUrl && (r.error.code === "missing_scope" || r.error.code === "not_signed_in"))
      e.navigate(r.error.authorizeUrl);
    else setPhonesError(errorText(r.error));
  };

  const successPage =
    flow.outcome.status === "success" && kind === "post"
      ? (flow.outcome.published.postPageUrl ?? postPage(session?.postPageUrl, postToken)) || undefined
      : undefined;
  // The start address's completion URL (4.11) is read once, when the editor opens.
  const [completionUrl] = useState(() => {
    const u = new URLSearchParams(env().location.search).get("completion_url");
    return u && /^https?:\/\//.test(u) ? u : null;
  });

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
              <option value="phone">Phone</option>
              <option value="divarUserId">Divar user id</option>
            </select>
            <label className="field-label" htmlFor={`${ids}-user`}>
              {userBy === "phone" ? "Phone" : "Divar user id"}
            </label>
            <input
              className="input"
              id={`${ids}-user`}
              value={userId}
              dir="ltr"
              onChange={(e) => setUserId(e.target.value)}
            />
            {userBy === "phone" ? (
              <button className="button" type="button" onClick={() => void fetchPhones()} disabled={absent}>
                Use my phone numbers
              </button>
            ) : null}
            {phones ? (
              <>
                <label className="field-label" htmlFor={`${ids}-phones`}>
                  My phone numbers
                </label>
                <select
                  className="input"
                  id={`${ids}-phones`}
                  value={userId}
                  onChange={(e) => setUserId(e.target.value)}
                >
                  {phones.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            {phonesError ? <p role="alert">{phonesError}</p> : null}
          </div>
        )}

        {!validation.ok ? (
          <p className="publish-blocked">
            The add-on has {validation.errors.length} error{validation.errors.length === 1 ? "" : "s"}: fix
            them in the problems panel, then publish.
          </p>
        ) : null}
        <button
          className="button is-primary"
          type="button"
          disabled={!canPublish}
          onClick={() => target && void flow.run(target, body)}
        >
          Publish
        </button>

        <SendOutcomeView
          outcome={flow.outcome}
          successText={`Published to ${kind === "post" ? `post ${postToken}` : "the user"}.`}
          pageUrl={successPage}
        />
        {completionUrl && flow.outcome.status === "success" ? (
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
      </div>
      <div className="publish-side">
        <h3 id={`${ids}-hist`}>Publish history</h3>
        {history.length === 0 ? <p>Nothing published from this browser yet.</p> : null}
        {history.length > 0 ? (
          <>
            <ol aria-labelledby={`${ids}-hist`} className="publish-history">
              {history.map((h) => (
                <li key={`${h.at}-${h.target}`}>
                  <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time> · {h.target} ·{" "}
                  {h.ok ? "published" : `failed: ${h.detail}`}
                  {h.pageUrl ? (
                    <>
                      {" "}
                      · <a href={h.pageUrl}>page</a>
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
      </div>
    </section>
  );
}
