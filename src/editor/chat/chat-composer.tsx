import "../../preview/preview-styles";
import "../proxy/panels.css";
import "./chat-composer.css";
// After the wide layout it overrides.
import "./chat-composer-narrow.css";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useStore } from "zustand";
import type { Problem } from "../../platform/problems";
import { validateBody } from "../../platform/validate";
import type { PreviewTheme } from "../../preview/preview-kit";
import { textOf } from "../../preview/preview-kit";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { createProxyClient, type ProxyClient } from "../proxy/proxy-client";
import { useProxySession } from "../proxy/use-proxy-session";
import { browserEnvironment, type FlowEnvironment } from "../proxy/use-send-flow";
import { initialTheme, type Theme } from "../shell/theme";
import { fieldId } from "../store/selectors";
import { isolateQuoted } from "../ui/isolate-quoted";
import { renderNow } from "../ui/render-now";
import { scrollIntoContainer } from "../ui/scroll-into-container";
import { ButtonGrid } from "./button-grid";
import { ButtonInspector } from "./button-inspector";
import { type ChatSide, chatBody, locateButton, type Nudge } from "./chat-document";
import { ChatJsonImport } from "./chat-json-import";
import { ChatPreviewCard } from "./chat-preview-card";
import { ChatSendCard } from "./chat-send-card";
import { type ChatState, type ChatStore, createChatStore } from "./chat-store";
import { focusCellLater } from "./grid-cell";
import { NEW_ROW_KEY, refusedMove } from "./grid-moves";
import { key, ProblemLines } from "./problem-lines";
import { useChatUndo } from "./use-chat-undo";

export interface ChatComposerProps {
  store?: ChatStore;
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
  /** The editor's theme; the preview starts in it and follows it, as the add-on preview does. */
  theme?: Theme;
}

/**
 * Composes a chat message (spec 4.10) like the add-on editor beside it: the message and each side's
 * button grid drawn as the chat draws it, an inspector for the selected button, and on the right the
 * preview of both sides, sending through the proxy, problems and the body.
 */
export function ChatComposer(props: ChatComposerProps = {}) {
  const storage = useMemo(() => props.storage ?? browserStorage(), [props.storage]);
  const [store] = useState(() => props.store ?? createChatStore({ storage }));
  const client = useMemo(() => props.client ?? createProxyClient(), [props.client]);
  const env = props.env ?? (() => browserEnvironment(storage));
  const draft = useStore(store, (s: ChatState) => s.draft);
  const api = store.getState();
  const proxy = useProxySession(client);
  const [theme, setTheme] = useState<PreviewTheme>(() => props.theme ?? initialTheme());
  useEffect(() => {
    if (props.theme) setTheme(props.theme);
  }, [props.theme]);
  const [copied, setCopied] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ side: ChatSide; id: string } | null>(null);
  const [said, setSaid] = useState("");
  const ids = useId();
  const reselect = useCallback((side: ChatSide, id: string) => setSelected({ side, id }), []);
  useChatUndo(store, reselect);

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
  const session = proxy.status === "present" ? proxy.session : null;
  const appName = draft.appName || session?.app || "Your app";

  /**
   * Takes the user to what a problem is about, as the add-on's Problems tab does: the Message field,
   * or the button it names (selected in the inspector, which gets the focus).
   */
  const goTo = (path: readonly (string | number)[]) => {
    const [where, rows, r, buttons, i] = path;
    const side: ChatSide | undefined =
      where === "sender_buttons" ? "sender" : where === "receiver_buttons" ? "receiver" : undefined;
    const id =
      side && rows === "rows" && typeof r === "number" && buttons === "buttons" && typeof i === "number"
        ? draft[side][r]?.buttons[i]?.id
        : undefined;
    if (side && id) {
      renderNow(() => setSelected({ side, id }));
      // The field the problem names (its caption, its action's address...), else the closest field
      // that holds it, else the inspector's first control.
      for (let n = path.length; n > 5; n--) {
        const field = document.getElementById(fieldId(path.slice(0, n)));
        if (field) {
          field.focus();
          return;
        }
      }
      document
        .getElementById(`${ids}-ih`)
        ?.closest("section")
        ?.querySelector<HTMLElement>("input, select, textarea, button")
        ?.focus();
    } else document.getElementById(`${ids}-msg`)?.focus();
  };

  // The selected button's side of the preview stays in view in its column, above the Send card kept
  // at the column's foot: a receiver button added at 1440 × 900 was drawn under that card.
  const sideColumn = useRef<HTMLDivElement>(null);
  const followSide = selected?.side;
  const followRows = followSide ? draft[followSide] : null;
  useEffect(() => {
    const column = sideColumn.current;
    const shown = column?.querySelector(`[data-chat-side="${followSide}"]`);
    if (!column || !shown || !followRows) return;
    const send = column.querySelector(":scope > .chat-send");
    const covered =
      send && getComputedStyle(send).position === "sticky" ? send.getBoundingClientRect().height : 0;
    scrollIntoContainer(shown, column, 8, covered);
  }, [followSide, followRows]);

  // The same words twice must be said twice: a live region only speaks a change.
  const say = (text: string) => setSaid((prev) => (prev === text ? `${text}\u00a0` : text));
  const nudge = (side: ChatSide, id: string, to: Nudge) => {
    const before = locateButton(store.getState().draft[side], id);
    api.nudgeButton(side, id, to);
    const rows = store.getState().draft[side];
    const after = locateButton(rows, id);
    const caption = textOf(after ? rows[after.row]?.buttons[after.index]?.value.caption : "");
    if (!before || !after) return;
    if (before.row === after.row && before.index === after.index)
      say(`${caption} did not move. ${refusedMove(to, store.getState().draft[side], before.row)}`);
    else say(`Moved ${caption} to row ${after.row + 1}, button ${after.index + 1}.`);
  };
  const remove = (side: ChatSide, id: string) => {
    const rows = store.getState().draft[side];
    const at = locateButton(rows, id);
    const caption = textOf(at ? rows[at.row]?.buttons[at.index]?.value.caption : "");
    api.removeButton(side, id);
    // The neighbour takes the selection (and focus, which was on the Remove button that goes away).
    const left = store.getState().draft[side];
    const row = at ? left[at.row] : undefined;
    const next = at ? (row?.buttons[at.index] ?? row?.buttons[at.index - 1]) : undefined;
    const to = next ?? left.at(-1)?.buttons.at(-1);
    setSelected(to ? { side, id: to.id } : null);
    say(`Removed ${caption}. Undo with Ctrl+Z.`);
    focusCellLater(side, to?.id ?? NEW_ROW_KEY);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied("Copied the message JSON.");
    } catch {
      setCopied("Copying was refused by the browser: select the JSON and copy it by hand.");
    }
  };

  const grid = (side: ChatSide) => (
    <ButtonGrid
      side={side}
      store={store}
      problems={byPath}
      selectedId={selected?.side === side ? selected.id : null}
      onSelect={(id) => setSelected({ side, id })}
      onNudge={(id, to) => nudge(side, id, to)}
      onRemove={(id) => remove(side, id)}
      say={say}
      hintId={`${ids}-keys`}
    />
  );

  return (
    <section className="chat-composer" aria-labelledby={`${ids}-h`}>
      <div className="panel chat-compose">
        <div className="panel-head">
          <h2 id={`${ids}-h`} className="panel-title">
            Chat message
          </h2>
        </div>
        <div className="panel-body">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-msg`}>
              Message
            </label>
            <textarea
              className="input"
              id={`${ids}-msg`}
              dir="auto"
              rows={3}
              value={draft.message}
              aria-invalid={byPath.has(key(["message"]))}
              onChange={(e) => api.setMessage(e.target.value)}
            />
            <ProblemLines problems={byPath.get(key(["message"]))} />
          </div>
          {grid("sender")}
          {grid("receiver")}
          <p id={`${ids}-keys`} className="chat-hint">
            Click a button or use the arrow keys to select it; <kbd>Alt</kbd>+arrow keys or a drag move it;{" "}
            <kbd>Delete</kbd> removes it (<kbd>Ctrl</kbd>+<kbd>Z</kbd> brings it back).
          </p>
        </div>
      </div>

      <section className="panel chat-inspector" aria-labelledby={`${ids}-ih`}>
        <div className="panel-head">
          <h3 id={`${ids}-ih`} className="panel-title">
            Selected button
          </h3>
        </div>
        <div className="panel-body">
          <ButtonInspector
            store={store}
            selected={selected}
            problems={byPath}
            onNudge={nudge}
            onRemove={remove}
          />
        </div>
      </section>

      <div className="chat-side" ref={sideColumn}>
        <ChatPreviewCard
          draft={draft}
          appName={appName}
          onAppName={api.setAppName}
          theme={theme}
          onTheme={setTheme}
        />

        <ChatSendCard
          proxy={proxy}
          client={client}
          env={env}
          storage={storage}
          body={body}
          errors={validation.errors.length}
          conversationId={draft.conversationId}
          onConversationId={api.setConversationId}
        />

        <section aria-label="Message problems" className="panel chat-card">
          <div className="panel-head">
            <h3 className="panel-title">Problems</h3>
          </div>
          <div className="panel-body">
            {all.length === 0 ? <p>No problems: the message is ready to send.</p> : null}
            <ul className="problem-list">
              {all.map((p, n) => (
                <li key={`${p.at}:${p.code}:${p.message}`} className={`is-${p.severity}`}>
                  {/* The message is the button's description: Tab to it says what is wrong, not only where. */}
                  <button
                    type="button"
                    className="link-button"
                    aria-describedby={`${ids}-problem-${n}`}
                    onClick={() => goTo(p.path)}
                  >
                    {p.severity === "error" ? "Error" : "Warning"} at <code>{p.at}</code>
                  </button>
                  : <span id={`${ids}-problem-${n}`}>{isolateQuoted(p.message)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-label="Message JSON" className="panel chat-card">
          <div className="panel-head">
            <h3 className="panel-title">Message body</h3>
            <button className="button" type="button" onClick={() => void copy()}>
              Copy JSON
            </button>
          </div>
          <div className="panel-body">
            <p className="muted">The body of the platform’s send-message request (spec 4.10).</p>
            <ChatJsonImport store={store} />
            <pre className="chat-json">{json}</pre>
            {copied ? <p role="status">{copied}</p> : null}
          </div>
        </section>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {said}
      </div>
    </section>
  );
}
