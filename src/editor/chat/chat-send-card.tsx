import { useId } from "react";
import { chatSendScopeSets, conversationScope, SCOPE_ID_PATTERN } from "../../platform/scopes";
import { HeldNote } from "../proxy/held-note";
import { NoProxyNote } from "../proxy/no-proxy-note";
import type { KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle } from "../proxy/offline-access";
import type { ProxyClient } from "../proxy/proxy-client";
import { addHistoryEntry, historyEntryFor, loadHistory, saveHistory } from "../proxy/publish-history";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { scopesToSignInFirst } from "../proxy/sign-in-first";
import { TargetSource } from "../proxy/target-source";
import type { useProxySession } from "../proxy/use-proxy-session";
import { type FlowEnvironment, useSendFlow } from "../proxy/use-send-flow";
import { countOf } from "../ui/count-of";

/** Props of the send card. */
export interface ChatSendCardProps {
  proxy: ReturnType<typeof useProxySession>;
  client: ProxyClient;
  env: () => FlowEnvironment;
  storage: KeyValueStorage | undefined;
  body: Record<string, unknown>;
  errors: number;
  conversationId: string;
  onConversationId: (id: string) => void;
}

/** Where to send the message and the Send button, with its outcome beside it (OAuth when needed). */
export function ChatSendCard(props: ChatSendCardProps) {
  const { proxy, client, storage, body, errors } = props;
  const ids = useId();
  const session = proxy.status === "present" ? proxy.session : null;
  const flow = useSendFlow({
    action: "send",
    env: props.env,
    send: (target, b, returnTo) => client.sendMessage(target.conversationId ?? "", b, returnTo),
    authorizeScopes: (t) => [...(session?.scopes ?? []), conversationScope(t.conversationId ?? "")],
    // Known signed out, or signed in without a send scope for it: to sign-in for this conversation,
    // without a request the proxy answers 401 or 403.
    signInFirst: async (t) => {
      const id = t.conversationId ?? "";
      // An id no scope can carry: the proxy's to refuse with its message, never a broken sign-in.
      if (!SCOPE_ID_PATTERN.test(id)) return undefined;
      return scopesToSignInFirst(
        client,
        session,
        (held) => chatSendScopeSets(id, { heldPostScopes: held }),
        (held) => [...held, conversationScope(id)],
      );
    },
    onDone: (target, outcome) => {
      const entry = historyEntryFor("chat", target, outcome, undefined);
      if (entry) saveHistory(storage, addHistoryEntry(loadHistory(storage), entry));
    },
  });
  const conversationId = props.conversationId.trim();
  const idOk = SCOPE_ID_PATTERN.test(conversationId);
  const sentTo = flow.target?.conversationId ?? conversationId;
  // The embedded emulator's page for the conversation, as the studio's session names it.
  const pageTemplate = session?.emulator?.conversationPageUrl;
  const canSend =
    proxy.status !== "absent" &&
    errors === 0 &&
    idOk &&
    // Not "authorizing": coming back from the consent page with Back restores this very state.
    flow.outcome.status !== "sending" &&
    !flow.waiting;
  return (
    <section aria-labelledby={`${ids}-h`} className="panel chat-card chat-send">
      <div className="panel-head">
        <h3 id={`${ids}-h`} className="panel-title">
          Send
        </h3>
      </div>
      <div className="panel-body">
        <NoProxyNote proxy={proxy} />
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-conv`}>
            Conversation id
          </label>
          <input
            className="input"
            id={`${ids}-conv`}
            dir="ltr"
            spellCheck={false}
            value={props.conversationId}
            aria-describedby={`${ids}-conv-help`}
            aria-invalid={conversationId !== "" && !idOk}
            onChange={(e) => props.onConversationId(e.target.value)}
          />
          <small id={`${ids}-conv-help`}>
            The conversation to send into
            {conversationId !== "" && !idOk
              ? ": 1 to 128 letters, digits, _ or -, as the platform names it"
              : ""}
            .
          </small>
        </div>
        <TargetSource session={session} what="conversation" onUse={props.onConversationId} />
        {proxy.status === "present" ? (
          <OfflineAccessToggle storage={storage} held={session?.scopes.includes("offline_access")} />
        ) : null}
        {errors > 0 ? (
          <p>
            The message has {countOf(errors, "error")}: fix {errors === 1 ? "it" : "them"} to send.
          </p>
        ) : null}
        {flow.waiting ? <HeldNote id={`${ids}-held`} left={flow.waitLeft ?? 0} visible={false} /> : null}
        <button
          className="button is-primary"
          type="button"
          disabled={!canSend}
          aria-describedby={flow.waiting ? `${ids}-held` : undefined}
          onClick={() => void flow.run({ conversationId }, body)}
        >
          Send message
        </button>
        <SendOutcomeView
          outcome={flow.outcome}
          successText={`Sent to conversation ${sentTo}.`}
          pageUrl={
            pageTemplate && sentTo
              ? pageTemplate.replace("{conversation}", encodeURIComponent(sentTo))
              : undefined
          }
          pageLabel="Open the conversation on the emulator"
          onAuthorize={flow.authorizeAgain}
          waitLeft={flow.waitLeft}
        />
      </div>
    </section>
  );
}
