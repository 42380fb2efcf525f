import "../../preview/preview-styles";
import "../proxy/panels.css";
import "./publish-panel.css";
import { useCallback, useId, useMemo, useState } from "react";
import { postTokenSchema } from "../../platform/actions";
import { PHONE_PATTERN } from "../../platform/bodies";
import { asciiDigits } from "../../platform/text";
import { validateBody } from "../../platform/validate";
// The body it sends leaves out nulls, which needs the contract: it comes with this chunk (it registers itself).
import "../contract/contract";
import type { FetchJson } from "../inbox/fetch-json";
import { NoProxyNote } from "../proxy/no-proxy-note";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { createProxyClient, type ProxyClient } from "../proxy/proxy-client";
import { describeTarget } from "../proxy/publish-history";
import { TargetSource } from "../proxy/target-source";
import { useLocalHistory } from "../proxy/use-local-history";
import { useProxySession } from "../proxy/use-proxy-session";
import {
  browserEnvironment,
  type FlowEnvironment,
  type SendOutcome,
  useSendFlow,
} from "../proxy/use-send-flow";
import { costTextProblem } from "../store/cost-text";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectDocumentKind, selectExportBody, selectPublishTarget } from "../store/selectors";
import { completionParamOf, trustedCompletionUrl } from "./completion-url";
import { ConfirmButton } from "./confirm-button";
import { PublishActions } from "./publish-actions";
import {
  addonIdOf,
  doneText,
  flowScopes,
  historyEntryOf,
  historyKind,
  opFrom,
  outcomeSlot,
  type PublishOp,
  postPage,
  recordOf,
  resultPage,
  semanticBodyOf,
  sendOp,
} from "./publish-ops";
import { PublishOutcome } from "./publish-outcome";
import { PublishSession, SignInOptions } from "./publish-session";
import { PublishSide } from "./publish-side";
import { SemanticSection } from "./semantic-section";
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
  const local = useLocalHistory(storage);
  const [historyKey, setHistoryKey] = useState(0);
  // An action started from the history shows its outcome there, not beside the Publish button.
  const [fromHistory, setFromHistory] = useState(false);
  const ids = useId();

  const session = proxy.status === "present" ? proxy.session : null;
  const exported = useMemo(() => validateBody(kind, body), [kind, body]);
  // A cost field showing text that is not a number: the body (and the semantic's) would carry an
  // older cost than the field shows, so both wait for a number.
  const costText = useEditorStore((s) => (kind === "user" ? s.costText : null));
  const costError = costText === null ? [] : [costTextProblem(costText, body.cost)];
  const errorCount = exported.ok && costText === null ? null : exported.errors.length + costError.length;
  const byId = userBy === "divarUserId";
  const semanticBody = useMemo(
    () => semanticBodyOf(body, byId && semanticPhone.trim() ? asciiDigits(semanticPhone.trim()) : undefined),
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

  /** Puts an action's target in the form (after the consent page's reload emptied it, or from the history). */
  const restore = useCallback(
    (target: Record<string, string>) => {
      if (target.postToken && store.getState().postToken !== target.postToken)
        store.getState().setPostToken(target.postToken);
      if (target.phone || target.divarUserId) {
        setUserBy(target.divarUserId ? "divarUserId" : "phone");
        setUserId((current) => current || (target.divarUserId ?? target.phone ?? ""));
      }
      const { divarUserId, phone } = target;
      if (divarUserId && phone) setSemanticPhone((current) => current || phone);
    },
    [store],
  );

  const onDone = useCallback(
    (target: Record<string, string>, outcome: SendOutcome) => {
      const op = opFrom(target);
      if (op?.op === "phones") return;
      setHistoryKey((k) => k + 1);
      restore(target);
      // A target that does not parse was never sent, so there is nothing to remember.
      if (!op) return;
      const entry = historyEntryOf(op, target, outcome, session);
      if (entry) local.add(entry);
    },
    [session, local.add, restore],
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
    onRestore: restore,
    // After the platform's own 401, and when known to be signed out (sign-in first, no 401).
    ...flowScopes(client, session),
  });
  /** Runs one operation (the flow keeps it as a flat map across the consent page). */
  const run = (op: PublishOp, b: unknown) => {
    setFromHistory(false);
    void flow.run(recordOf(op), b);
  };

  const who = userId.trim();
  // A phone typed with Persian or Arabic-Indic digits is sent as the platform reads it (0-9).
  const user: { phone: string } | { divarUserId: string } | undefined = who
    ? userBy === "phone"
      ? { phone: asciiDigits(who) }
      : { divarUserId: who }
    : undefined;
  const typedPhone = asciiDigits(semanticPhone.trim());
  const phoneOk = PHONE_PATTERN.test(typedPhone);
  // The phone travels with the semantic operations only, and only on the route by divar_user_id.
  const semanticUser = byId && phoneOk ? { phone: typedPhone } : {};
  const target = kind === "post" ? (tokenCheck.success ? { postToken } : undefined) : user;
  const absent = proxy.status === "absent";
  // Not "authorizing": coming back from the consent page with Back restores that state as it was.
  const busy = flow.outcome.status === "sending" || flow.waiting; // waiting: a 429's Retry-After
  const canPublish = !absent && errorCount === null && target !== undefined && !busy;
  const shown = flow.target ? opFrom(flow.target) : undefined;
  // The body the Publish button last sent: a success beside a document changed since says so.
  const [sentBody, setSentBody] = useState<object>();
  const shownOp = shown?.op ?? "publish";

  // An outcome belongs to the kind it was for: on the other kind's form it is hidden (back on return).
  const shownKind = shown && historyKind(shown) === "post" ? "post" : "user";
  const slot = fromHistory ? "side" : shown && shownKind !== kind ? null : outcomeSlot(shown);
  const page = resultPage(shown, flow.outcome, session);
  // Until a publish links it, the page of the post in the field (what is on it now).
  const postPageNow =
    kind === "post" && tokenCheck.success && !page ? postPage(session?.postPageUrl, postToken) : undefined;
  // The start address's completion URL (4.11) from the address the platform opened, else the proxy's.
  const [completionParam] = useState(() => completionParamOf(env().location.search));
  // A completion_url in the address is only trusted on the origin the proxy is configured with, so a
  // crafted link cannot turn "Back to the platform" into a link to anywhere.
  const completionUrl = trustedCompletionUrl(completionParam, session?.completionUrl ?? null);
  const outcomeAddonId = shownOp === "publish" ? addonIdOf(flow.outcome) : undefined;

  const outcome = (
    <PublishOutcome
      outcome={flow.outcome}
      successText={shown ? doneText(shown, flow.outcome) : "Done."}
      page={page}
      onAuthorize={flow.authorizeAgain}
      waitLeft={flow.waitLeft}
      addonId={outcomeAddonId}
      disabled={absent || busy}
      onRemoveAddon={(addonId) => run({ op: "deleteUserAddon", addonId }, null)}
      completionUrl={flow.outcome.status === "success" ? completionUrl : null}
      readOnly={shownOp === "phones"}
      settled={proxy.status !== "checking"}
      stale={shownOp === "publish" && sentBody !== undefined && sentBody !== body}
    />
  );

  return (
    <section className="publish-panel" aria-labelledby={`${ids}-h`}>
      <div className="publish-main">
        <div className="publish-head">
          <h2 id={`${ids}-h`}>Publish</h2>
          <PublishSession proxy={proxy} />
        </div>
        <NoProxyNote proxy={proxy} />

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
        {kind === "post" ? (
          <TargetSource session={session} what="post" onUse={(t) => store.getState().setPostToken(t)} />
        ) : null}

        <PublishActions
          kind={kind}
          errorCount={errorCount}
          body={body}
          noTarget={target === undefined && !absent}
          canPublish={canPublish}
          onPublish={() => {
            if (!target) return;
            setSentBody(body);
            run({ op: "publish", ...target }, body);
          }}
          postToken={postToken}
          canRemovePost={!(absent || busy || !tokenCheck.success)}
          held={flow.waiting ? { left: flow.waitLeft ?? 0, outcomeShown: slot !== null } : undefined}
          onRemovePost={() => run({ op: "deletePost", postToken }, null)}
        />
        {slot === "main" ? outcome : null}
        {postPageNow ? (
          <p>
            <a href={postPageNow} target="_blank" rel="noreferrer">
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
            problems={[...(semanticCheck.ok ? [] : semanticCheck.errors), ...costError]}
            canSave={!absent && !busy && !!user && semanticKeys > 0 && semanticCheck.ok && costText === null}
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
            outcome={slot === "semantic" ? outcome : null}
          />
        ) : null}
      </div>
      <PublishSide
        serverHistory={session?.signedIn === true && session.history !== false}
        history={local.history}
        onClearHistory={local.clear}
        refreshKey={historyKey}
        absent={absent}
        busy={busy}
        fetchJson={props.fetchJson}
        onRemoveAddon={(addonId) => run({ op: "deleteUserAddon", addonId }, null)}
        onRun={(t, b) => {
          setFromHistory(true);
          void flow.run(t, b);
        }}
        signIn={<SignInOptions proxy={proxy} client={client} storage={storage} />}
        outcome={slot === "side" ? outcome : null}
      />
    </section>
  );
}
