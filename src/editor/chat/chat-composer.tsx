import "../../preview/preview-styles";
import "../proxy/panels.css";
import { useId, useMemo, useState } from "react";
import { useStore } from "zustand";
import type { Problem } from "../../platform/problems";
import { conversationScope } from "../../platform/scopes";
import { validateBody } from "../../platform/validate";
import { ChatBubblePreview } from "../../preview/chat-bubble-preview";
import type { PreviewTheme } from "../../preview/preview-kit";
import { PreviewThemeSwitch } from "../../preview/preview-theme-switch";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle } from "../proxy/offline-access";
import { createProxyClient, type ProxyClient, type ProxySession } from "../proxy/proxy-client";
import { addHistoryEntry, historyEntryFor, loadHistory, saveHistory } from "../proxy/publish-history";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { useProxySession } from "../proxy/use-proxy-session";
import { browserEnvironment, type FlowEnvironment, useSendFlow } from "../proxy/use-send-flow";
import { ButtonGrid, key, ProblemLines } from "./button-grid";
import { type ChatSide, chatBody } from "./chat-document";
import { type ChatState, type ChatStore, createChatStore } from "./chat-store";

export interface ChatComposerProps {
  store?: ChatStore;
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
}

/** The emulator's page for a conversation, when publishing goes to the emulator. */
function conversationPage(session: ProxySession | null, id: string): string | undefined {
  if (session?.mode !== "emulator" || !session.postPageUrl || !id) return undefined;
  try {
    return `${new URL(session.postPageUrl.replace("{post_token}", "post")).origin}/conversations/${encodeURIComponent(id)}`;
  } catch {
    return undefined;
  }
}

/** Composes a chat message with button grids (spec 4.10), previews both sides and sends it through the proxy. */
export function ChatComposer(props: ChatComposerProps = {}) {
  const storage = useMemo(() => props.storage ?? browserStorage(), [props.storage]);
  const [store] = useState(() => props.store ?? createChatStore({ storage }));
  const client = useMemo(() => props.client ?? createProxyClient(), [props.client]);
  const env = props.env ?? (() => browserEnvironment(storage));
  const draft = useStore(store, (s: ChatState) => s.draft);
  const api = store.getState();
  const proxy = useProxySession(client);
  const [theme, setTheme] = useState<PreviewTheme>("light");
  const [copied, setCopied] = useState<string | null>(null);
  const ids = useId();

  // The conversation from the start address (`?conversation_id=`) fills an empty target once.
  useState(() => {
    if (draft.conversationId) return;
    const id = new URLSearchParams(env().location.search).get("conversation_id");
    if (id) api.setConversationId(id);
  });

  const body = useMemo(() => chatBody(draft), [draft]);
  const validation = useMemo(() => validateBody("chat", body), [body]);
  const all = useMemo(() => [...validation.errors, ...validation.warnings], [validation]);
  const byPath = useMemo(() => {
    const m = new Map<string, Problem[]>();
    for (const p of all) m.set(key(p.path), [...(m.get(key(p.path)) ?? []), p]);
    return m;
  }, [all]);
  const json = JSON.stringify(body, null, 2);
  const previewRows = (side: ChatSide) => ({
    rows: draft[side].map((r) => ({ buttons: r.buttons.map((b) => b.value) })),
  });
  const session = proxy.status === "present" ? proxy.session : null;
  const appName = draft.appName || session?.app || "Your app";

  const flow = useSendFlow({
    action: "send",
    env,
    send: (target, b, returnTo) => client.sendMessage(target.conversationId ?? "", b, returnTo),
    authorizeScopes: (t) => [...(session?.scopes ?? []), conversationScope(t.conversationId ?? "")],
    onDone: (target, outcome) => {
      const entry = historyEntryFor("chat", target, outcome, undefined);
      if (entry) saveHistory(storage, addHistoryEntry(loadHistory(storage), entry));
    },
  });

  const conversationId = draft.conversationId.trim();
  const canSend =
    proxy.status !== "absent" &&
    validation.ok &&
    conversationId !== "" &&
    // Not "authorizing": coming back from the consent page with Back restores this very state.
    flow.outcome.status !== "sending";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied("Copied the message JSON.");
    } catch {
      setCopied("Copying was refused by the browser: select the JSON and copy it by hand.");
    }
  };

  return (
    <section className="chat-composer" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Chat message</h2>
      <div className="chat-main">
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-msg`}>
            Message
          </label>
          <textarea
            className="input"
            id={`${ids}-msg`}
            dir="auto"
            value={draft.message}
            aria-invalid={byPath.has(key(["message"]))}
            onChange={(e) => api.setMessage(e.target.value)}
          />
          <ProblemLines problems={byPath.get(key(["message"]))} />
        </div>
        <ButtonGrid side="sender" store={store} problems={byPath} />
        <ButtonGrid side="receiver" store={store} problems={byPath} />

        <section aria-label="Message problems" className="chat-card">
          <h3>Problems</h3>
          {all.length === 0 ? <p>No problems: the message is ready to send.</p> : null}
          <ul className="problem-list">
            {all.map((p) => (
              <li key={`${p.at}:${p.code}:${p.message}`} className={`is-${p.severity}`}>
                {p.severity === "error" ? "Error" : "Warning"} at <code>{p.at}</code>: {p.message}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="chat-side">
        <section aria-label="Chat preview" className="chat-card">
          <h3>Preview</h3>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-app`}>
              App name (preview)
            </label>
            <input
              className="input"
              id={`${ids}-app`}
              value={draft.appName}
              placeholder={appName}
              onChange={(e) => api.setAppName(e.target.value)}
            />
          </div>
          <PreviewThemeSwitch theme={theme} onChange={setTheme} />
          <div className="chat-previews">
            {(["sender", "receiver"] as const).map((side) => (
              <div key={side} className="chat-preview-side">
                {/* The bubble's region already carries this name for screen readers. */}
                <p className="chat-preview-caption" aria-hidden="true">
                  {side === "sender" ? "As the sender sees it" : "As the receiver sees it"}
                </p>
                <ChatBubblePreview
                  message={draft.message}
                  buttons={previewRows(side)}
                  appName={appName}
                  side={side}
                  theme={theme}
                />
              </div>
            ))}
          </div>
        </section>

        <section aria-label="Message JSON" className="chat-card">
          <h3>JSON body</h3>
          <p className="muted">What the send-message route receives (spec 4.10).</p>
          <pre className="json-view">{json}</pre>
          <button className="button" type="button" onClick={() => void copy()}>
            Copy JSON
          </button>
          {copied ? <p role="status">{copied}</p> : null}
        </section>

        <section aria-label="Send" className="chat-card">
          <h3>Send</h3>
          {proxy.status === "absent" ? <p role="note">{proxy.message}</p> : null}
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-conv`}>
              Conversation id
            </label>
            <input
              className="input"
              id={`${ids}-conv`}
              dir="ltr"
              spellCheck={false}
              value={draft.conversationId}
              aria-describedby={`${ids}-conv-help`}
              onChange={(e) => api.setConversationId(e.target.value)}
            />
            <small id={`${ids}-conv-help`}>
              The conversation to send into. With the local emulator, its index page lists the demo
              conversation.
            </small>
          </div>
          {proxy.status === "present" ? (
            <OfflineAccessToggle storage={storage} held={session?.scopes.includes("offline_access")} />
          ) : null}
          {!validation.ok ? (
            <p>
              The message has {validation.errors.length} error{validation.errors.length === 1 ? "" : "s"}: fix
              them to send.
            </p>
          ) : null}
          <button
            className="button is-primary"
            type="button"
            disabled={!canSend}
            onClick={() => void flow.run({ conversationId }, body)}
          >
            Send message
          </button>
          <SendOutcomeView
            outcome={flow.outcome}
            successText={`Sent to conversation ${flow.target?.conversationId ?? conversationId}.`}
            pageUrl={conversationPage(session, flow.target?.conversationId ?? conversationId)}
            pageLabel="Open the conversation on the emulator"
            onAuthorize={flow.authorizeAgain}
          />
        </section>
      </div>
    </section>
  );
}
