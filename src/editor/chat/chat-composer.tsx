import "../../preview/preview-styles";
import "../proxy/panels.css";
import {
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  closestCenter,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  horizontalListSortingStrategy,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useStore } from "zustand";
import { CHAT_MAX_BUTTONS, chatButtonSchema } from "../../platform/bodies";
import { conversationScope } from "../../platform/scopes";
import { describeFields } from "../../platform/fields";
import type { PathSegment, Problem } from "../../platform/problems";
import { validateBody } from "../../platform/validate";
import { FieldEditor } from "../inspector/field-editor";
import { FormProvider } from "../inspector/form-context";
import { ChatBubblePreview } from "../../preview/chat-bubble-preview";
import type { PreviewTheme } from "../../preview/preview-kit";
import { PreviewThemeSwitch } from "../../preview/preview-theme-switch";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { addHistoryEntry, historyEntryFor, loadHistory, saveHistory } from "../proxy/publish-history";
import { createProxyClient, type ProxyClient, type ProxySession } from "../proxy/proxy-client";
import { OfflineAccessToggle } from "../proxy/offline-access";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { useProxySession } from "../proxy/use-proxy-session";
import { browserEnvironment, type FlowEnvironment, useSendFlow } from "../proxy/use-send-flow";
import { type ChatSide, SIDE_KEYS, buttonCount, chatBody, locateButton } from "./chat-document";
import { type ChatState, type ChatStore, createChatStore } from "./chat-store";

/** The fields of a chat button form, generated from the contract (the live `icon` spelling only when used). */
const BUTTON_FIELDS = describeFields(chatButtonSchema);

const SIDE_LABEL: Record<ChatSide, string> = { sender: "Sender", receiver: "Receiver" };

const key = (path: readonly PathSegment[]) => JSON.stringify(path);

/**
 * The four move buttons of a chat button, each disabled where that move would leave the grid.
 * Earlier points right and later left: the grid reads right to left.
 */
const NUDGES: ReadonlyArray<{
  to: "earlier" | "later" | "up" | "down";
  label: string;
  glyph: string;
  atEnd: (button: number, buttons: number, row: number, rows: number) => boolean;
}> = [
  { to: "earlier", label: "Move button earlier", glyph: "→", atEnd: (i) => i === 0 },
  { to: "later", label: "Move button later", glyph: "←", atEnd: (i, n) => i === n - 1 },
  { to: "up", label: "Move button to the row above", glyph: "↑", atEnd: (_i, _n, r) => r === 0 },
  {
    to: "down",
    label: "Move button to the row below",
    glyph: "↓",
    atEnd: (_i, _n, r, rows) => r === rows - 1,
  },
];

/** Injectable collaborators (tests); the app uses the defaults. */
export interface ChatComposerProps {
  store?: ChatStore;
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
}

const ARROWS: Record<string, "up" | "down" | "left" | "right"> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/**
 * Keyboard moves for the nested grid: a row steps to the next row, a button to the nearest button in
 * the pressed direction (in its row, or the row above or below). dnd-kit's sortable getter would look
 * at rows and buttons alike, so a row moving down lands on its own first button and goes nowhere.
 */
function gridKeyboardCoordinates(isRow: (id: UniqueIdentifier) => boolean): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const dir = ARROWS[event.code];
    if (!dir) return undefined;
    event.preventDefault();
    const { active, collisionRect, droppableRects, droppableContainers } = context;
    if (!active || !collisionRect) return undefined;
    const row = isRow(active.id);
    const cx = collisionRect.left + collisionRect.width / 2;
    const cy = collisionRect.top + collisionRect.height / 2;
    let best: ClientRect | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const c of droppableContainers.getEnabled()) {
      if (c.id === active.id || isRow(c.id) !== row) continue;
      const r = droppableRects.get(c.id);
      if (!r) continue;
      const dx = r.left + r.width / 2 - cx;
      const dy = r.top + r.height / 2 - cy;
      const ahead = dir === "down" ? dy > 1 : dir === "up" ? dy < -1 : dir === "right" ? dx > 1 : dx < -1;
      // Left and right stay in the row (same height band); up and down may change column.
      const sameBand = dir === "left" || dir === "right" ? Math.abs(dy) < r.height / 2 : true;
      if (!ahead || !sameBand) continue;
      const distance = dir === "up" || dir === "down" ? Math.abs(dy) * 4 + Math.abs(dx) : Math.abs(dx);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = r;
      }
    }
    if (!best) return undefined;
    // Puts the dragged item's centre on the target's centre, so closest-centre collision picks it.
    return {
      x: best.left + best.width / 2 - collisionRect.width / 2,
      y: best.top + best.height / 2 - collisionRect.height / 2,
    };
  };
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

function SortableItem(props: {
  id: string;
  handleLabel: string;
  className: string;
  children: ReactNode;
  label: string;
  dir?: "ltr" | "rtl";
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  return (
    <fieldset
      ref={setNodeRef}
      aria-label={props.label}
      className={props.className}
      dir={props.dir}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <button
        type="button"
        className="drag-handle"
        aria-label={props.handleLabel}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      {props.children}
    </fieldset>
  );
}

function ProblemLines(props: { problems: readonly Problem[] | undefined }) {
  if (!props.problems?.length) return null;
  return (
    <ul className="field-problems">
      {props.problems.map((p) => (
        <li key={`${p.code}:${p.message}`} className={`field-problem is-${p.severity}`}>
          {p.severity === "error" ? "Error: " : "Warning: "}
          {p.message}
        </li>
      ))}
    </ul>
  );
}

function ButtonGrid(props: { side: ChatSide; store: ChatStore; problems: Map<string, Problem[]> }) {
  const { side, store, problems } = props;
  const rows = useStore(store, (s: ChatState) => s.draft[side]);
  const api = store.getState();
  const rowIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const isRow = useMemo(() => (id: UniqueIdentifier) => rowIds.has(String(id)), [rowIds]);
  const coordinateGetter = useMemo(() => gridKeyboardCoordinates(isRow), [isRow]);
  // Rows only collide with rows, buttons only with buttons (a row's own buttons sit inside it).
  const collision = useMemo<CollisionDetection>(
    () => (args) =>
      closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => isRow(c.id) === isRow(args.active.id)),
      }),
    [isRow],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const count = buttonCount(rows);
  const full = count >= CHAT_MAX_BUTTONS;
  const sideKey = SIDE_KEYS[side];
  const label = SIDE_LABEL[side];

  // Screen readers hear positions ("Sender row 2, button 1"), never the editor's internal ids.
  const nameOf = (id: UniqueIdentifier): string => {
    const r = rows.findIndex((x) => x.id === id);
    if (r >= 0) return `${label} row ${r + 1}`;
    const at = locateButton(rows, String(id));
    return at ? `${label} row ${at.row + 1}, button ${at.index + 1}` : "the item";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} is over the place of ${nameOf(over.id)}.`
        : `${nameOf(active.id)} is in its own place.`,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} was dropped at the place of ${nameOf(over.id)}.`
        : `${nameOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving was cancelled: ${nameOf(active.id)} stayed where it was.`,
  };

  const onDragEnd = (e: DragEndEvent) => {
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : undefined;
    if (!over || over === active) return;
    const rowFrom = rows.findIndex((r) => r.id === active);
    if (rowFrom >= 0) {
      const rowTo = rows.findIndex((r) => r.id === over || r.buttons.some((b) => b.id === over));
      if (rowTo >= 0) api.moveRow(side, rowFrom, rowTo);
      return;
    }
    const target = locateButton(rows, over);
    if (target) api.moveButton(side, active, target.row, target.index);
    else {
      const row = rows.findIndex((r) => r.id === over);
      if (row >= 0) api.moveButton(side, active, row, rows[row]?.buttons.length ?? 0);
    }
  };

  return (
    <section className="chat-grid" aria-label={`${label} buttons`}>
      <h3>
        {label} buttons{" "}
        <small>
          ({count} of {CHAT_MAX_BUTTONS})
        </small>
      </h3>
      <ProblemLines
        problems={[...(problems.get(key([sideKey])) ?? []), ...(problems.get(key([sideKey, "rows"])) ?? [])]}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a row or a button, press Space, then the arrow keys; Space drops it, Escape cancels. The arrow buttons beside it do the same in one step.",
          },
        }}
      >
        <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
          {rows.map((row, r) => (
            <SortableItem
              key={row.id}
              id={row.id}
              className="chat-row"
              label={`${label} row ${r + 1}`}
              handleLabel={`Drag ${label.toLowerCase()} row ${r + 1}`}
            >
              <div className="chat-row-tools">
                <button
                  className="icon-button"
                  type="button"
                  aria-label="Move row up"
                  disabled={r === 0}
                  onClick={() => api.moveRow(side, r, r - 1)}
                >
                  ↑
                </button>
                <button
                  className="icon-button"
                  type="button"
                  aria-label="Move row down"
                  disabled={r === rows.length - 1}
                  onClick={() => api.moveRow(side, r, r + 1)}
                >
                  ↓
                </button>
                <button
                  className="button"
                  type="button"
                  onClick={() => api.addButton(side, row.id)}
                  disabled={full}
                >
                  Add button
                </button>
                <button className="button" type="button" onClick={() => api.removeRow(side, row.id)}>
                  Remove row
                </button>
              </div>
              <ProblemLines problems={problems.get(key([sideKey, "rows", r, "buttons"]))} />
              <SortableContext items={row.buttons.map((b) => b.id)} strategy={horizontalListSortingStrategy}>
                {/* Right to left, as the app lays a row out: the first button is the rightmost. */}
                <div className="chat-row-buttons" dir="rtl">
                  {row.buttons.map((b, i) => {
                    const prefix: PathSegment[] = [sideKey, "rows", r, "buttons", i];
                    return (
                      <SortableItem
                        key={b.id}
                        id={b.id}
                        className="chat-button-editor"
                        dir="ltr"
                        label={`${label} row ${r + 1}, button ${i + 1}`}
                        handleLabel={`Drag ${label.toLowerCase()} row ${r + 1}, button ${i + 1}`}
                      >
                        <FormProvider
                          value={{
                            prefix,
                            problemsAt: (p) => problems.get(key(p)) ?? [],
                            set: (path, value) => api.setButtonField(side, b.id, path, value),
                            endTyping: () => {},
                            postToken: null,
                          }}
                        >
                          <ProblemLines problems={problems.get(key(prefix))} />
                          {BUTTON_FIELDS.filter((f) => f.key !== "icon" || b.value.icon !== undefined).map(
                            (f) => (
                              <FieldEditor key={f.key} field={f} parent={[]} value={b.value[f.key]} />
                            ),
                          )}
                        </FormProvider>
                        <div className="chat-button-tools">
                          {NUDGES.map((n) => (
                            <button
                              key={n.to}
                              className="icon-button"
                              type="button"
                              aria-label={n.label}
                              disabled={n.atEnd(i, row.buttons.length, r, rows.length)}
                              onClick={() => api.nudgeButton(side, b.id, n.to)}
                            >
                              {n.glyph}
                            </button>
                          ))}
                          <button
                            className="button"
                            type="button"
                            onClick={() => api.removeButton(side, b.id)}
                          >
                            Remove button
                          </button>
                        </div>
                      </SortableItem>
                    );
                  })}
                </div>
              </SortableContext>
            </SortableItem>
          ))}
        </SortableContext>
      </DndContext>
      <button className="button" type="button" onClick={() => api.addRow(side)} disabled={full}>
        Add row
      </button>
      {full ? (
        <p className="muted">A side takes at most {CHAT_MAX_BUTTONS} buttons: remove one to add another.</p>
      ) : null}
    </section>
  );
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
          <h3>Body (4.10)</h3>
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
