import "../../preview/preview-styles";
import "../proxy/panels.css";
import "./publish-panel.css";
import { useCallback, useId, useMemo, useState } from "react";
import { postTokenSchema } from "../../platform/actions";
import { PHONE_PATTERN } from "../../platform/bodies";
import { validateBody } from "../../platform/validate";
import type { FetchJson } from "../inbox/use-older-entries";
import { importText } from "../json/import-body";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { createProxyClient, type ProxyClient } from "../proxy/proxy-client";
import {
  addHistoryEntry,
  describeTarget,
  type HistoryEntry,
  historyEntryFor,
  loadHistory,
  saveHistory,
} from "../proxy/publish-history";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { useProxySession } from "../proxy/use-proxy-session";
import {
  browserEnvironment,
  type FlowEnvironment,
  type SendOutcome,
  useSendFlow,
} from "../proxy/use-send-flow";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectDocumentKind, selectExportBody, selectPublishTarget } from "../store/selectors";
import { ConfirmButton } from "./confirm-button";
import { LocalHistory } from "./local-history";
import {
  addonIdOf,
  doneText,
  historyDetail,
  historyKind,
  opFrom,
  type PublishOp,
  postPage,
  recordOf,
  scopesFor,
  semanticBodyOf,
  sendOp,
} from "./publish-ops";
import { PublishSession } from "./publish-session";
import { SemanticSection } from "./semantic-section";
import { ServerHistory } from "./server-history";
import { PostTokenField, type UserBy, UserFields } from "./target-fields";

/** Injectable collaborators (tests); the app uses the defaults. */
export interface PublishPanelProps {
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
  /** Reads GET /api/history (tests inject it). */
  fetchJson?: FetchJson;
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
      const op = opFrom(target);
      if (op?.op === "phones") return;
      setHistoryKey((k) => k + 1);
      // After the consent page the editor reloads without its target; the resumed action knows it.
      if (target.postToken && store.getState().postToken !== target.postToken)
        store.getState().setPostToken(target.postToken);
      if (target.phone || target.divarUserId) {
        setUserBy(target.divarUserId ? "divarUserId" : "phone");
        setUserId((current) => current || (target.divarUserId ?? target.phone ?? ""));
      }
      // A target that does not parse was never sent, so there is nothing to remember.
      if (!op) return;
      const page =
        outcome.status === "success" && op.op === "publish" && "postToken" in op
          ? (outcome.published.postPageUrl ?? postPage(session?.postPageUrl, op.postToken)) || undefined
          : undefined;
      const id = addonIdOf(outcome);
      const entry = historyEntryFor(
        historyKind(op),
        target,
        outcome,
        page,
        new Date(),
        historyDetail(op, outcome),
      );
      if (!entry) return;
      setHistory((h) => {
        const next = addHistoryEntry(h, op.op === "publish" && id ? { ...entry, addonId: id } : entry);
        saveHistory(storage, next);
        return next;
      });
    },
    [session?.postPageUrl, storage, store],
  );

  const flow = useSendFlow({
    action: "publish",
    env,
    send: (target, b, returnTo) =>
      sendOp(opFrom(target), {
        client,
        body: b,
        returnTo,
        onPhones: (numbers) => {
          setPhones(numbers);
          setUserBy("phone");
          setUserId((current) => current || (numbers[0] ?? ""));
        },
      }),
    onDone,
    // A 401 from the platform itself: ask again for what the session holds plus what this needs.
    authorizeScopes: (t) => scopesFor(opFrom(t), session?.scopes ?? []),
  });
  /** Runs one operation (the flow keeps it as a flat map across the consent page). */
  const run = (op: PublishOp, b: unknown) => void flow.run(recordOf(op), b);

  const who = userId.trim();
  const user: { phone: string } | { divarUserId: string } | undefined = who
    ? userBy === "phone"
      ? { phone: who }
      : { divarUserId: who }
    : undefined;
  const phoneOk = PHONE_PATTERN.test(semanticPhone.trim());
  // The phone travels with the semantic operations only, and only on the route by divar_user_id.
  const semanticUser = byId && phoneOk ? { phone: semanticPhone.trim() } : {};
  const target = kind === "post" ? (tokenCheck.success ? { postToken } : undefined) : user;
  const absent = proxy.status === "absent";
  // Not "authorizing": coming back from the consent page with Back restores that state as it was.
  const busy = flow.outcome.status === "sending";
  const canPublish = !absent && validation.ok && target !== undefined && !busy;
  const shown = flow.target ? opFrom(flow.target) : undefined;
  const shownOp = shown?.op ?? "publish";

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

  const localHistory = (
    <LocalHistory
      history={history}
      labelledBy={`${ids}-hist`}
      disabled={absent || busy}
      onRemoveAddon={(addonId) => run({ op: "deleteUserAddon", addonId }, null)}
      onClear={() => {
        setHistory([]);
        saveHistory(storage, []);
      }}
    />
  );

  return (
    <section className="publish-panel" aria-labelledby={`${ids}-h`}>
      <div className="publish-main">
        <h2 id={`${ids}-h`}>Publish</h2>
        <PublishSession proxy={proxy} client={client} storage={storage} />

        {kind === "post" ? (
          <PostTokenField
            id={ids}
            postToken={postToken}
            check={tokenCheck}
            onChange={(t) => store.getState().setPostToken(t)}
          />
        ) : (
          <UserFields
            id={ids}
            userBy={userBy}
            userId={userId}
            phones={phones}
            disabled={absent || busy}
            onUserBy={setUserBy}
            onUserId={setUserId}
            onMyPhones={() => run({ op: "phones" }, null)}
          />
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
            onClick={() => target && run({ op: "publish", ...target }, body)}
          >
            Publish
          </button>
          {kind === "post" ? (
            <ConfirmButton
              label="Remove this post's add-ons"
              question={`Remove every add-on this app attached to post ${postToken}? This cannot be undone.`}
              confirmLabel="Remove them"
              disabled={absent || busy || !tokenCheck.success}
              onConfirm={() => run({ op: "deletePost", postToken }, null)}
            />
          ) : null}
        </div>

        <SendOutcomeView
          outcome={flow.outcome}
          successText={shown ? doneText(shown, flow.outcome) : "Done."}
          pageUrl={successPage}
          onAuthorize={flow.authorizeAgain}
        />
        {outcomeAddonId ? (
          <ConfirmButton
            label="Remove this user add-on"
            question={`Remove user add-on ${outcomeAddonId}? This cannot be undone.`}
            confirmLabel="Remove it"
            disabled={absent || busy}
            onConfirm={() => run({ op: "deleteUserAddon", addonId: outcomeAddonId }, null)}
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
          <SemanticSection
            id={ids}
            withTicketOrCost={semanticBody.ticket_uuid !== undefined || semanticBody.cost !== undefined}
            byId={byId}
            phone={semanticPhone}
            phoneOk={phoneOk}
            onPhone={setSemanticPhone}
            keyCount={semanticKeys}
            problems={semanticCheck.ok ? [] : semanticCheck.errors}
            canSave={!absent && !busy && user !== undefined && semanticKeys > 0 && semanticCheck.ok}
            onSave={() => user && run({ op: "semantic", ...user, ...semanticUser }, semanticBody)}
            deleteButton={
              <ConfirmButton
                label="Delete the user's semantic"
                question={`Delete the semantic of the ${user ? describeTarget(user) : "user"}? This cannot be undone.`}
                confirmLabel="Delete it"
                disabled={absent || busy || !user || (byId && !phoneOk)}
                onConfirm={() => user && run({ op: "deleteSemantic", ...user, ...semanticUser }, null)}
              />
            }
          />
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
