import { type KeyboardEvent, useRef, useState } from "react";
import { changeDraftAloud } from "../drafts/draft-announce";
import type { DraftSession } from "../drafts/draft-session";
import { emptyDocument } from "../store/document";
import { IconButton } from "../ui/icon-button";
import { rovingIndex } from "../ui/roving-index";
import { useOutsideClose } from "./use-outside-close";

/** What "New draft" can start: an empty add-on of either kind, or a chat message. */
const CHOICES = [
  { id: "post", label: "Post add-on", hint: "Widgets shown on a post" },
  { id: "user", label: "User add-on", hint: "Widgets and semantic data about a user" },
  { id: "chat", label: "Chat message", hint: "Opens the chat composer" },
] as const;

/**
 * The "New draft" menu button (WAI-ARIA menu button): it asks what to start instead of copying the
 * current draft's kind. Arrow keys, Home and End move between the choices; Escape closes the menu
 * and gives focus back to the button.
 */
export function NewDraftMenu(props: { session: DraftSession; onChat?: (() => void) | undefined }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  useOutsideClose(wrap, open, () => setOpen(false));
  const choices = CHOICES.filter((c) => c.id !== "chat" || props.onChat);
  const items = () => [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) wrap.current?.querySelector<HTMLElement>(":scope > button")?.focus();
  };
  const choose = (id: (typeof CHOICES)[number]["id"]) => {
    // The chat composer replaces the header's draft controls, this menu's button with them: the
    // composer's opener moves focus on, not back here.
    close(id !== "chat");
    if (id === "chat") props.onChat?.();
    else
      changeDraftAloud(
        props.session,
        () => props.session.newDraft(emptyDocument(id)),
        (open, before) => `New ${id} add-on draft ${open} is open; ${before} is kept.`,
      );
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const to = rovingIndex(e.key, at, list.length, "ArrowUp", "ArrowDown");
    if (to >= 0) {
      e.preventDefault();
      list[to]?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") close(false);
  };
  return (
    <div className="menu-wrap" ref={wrap}>
      <IconButton
        icon="plus"
        label="New draft"
        title="New draft: choose a post add-on, a user add-on or a chat message"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? "new-draft-menu" : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
          // The menu button pattern: an arrow opens the menu on its first or last choice.
          e.preventDefault();
          const last = e.key === "ArrowUp";
          setOpen(true);
          requestAnimationFrame(() => (last ? items().at(-1) : items()[0])?.focus());
        }}
      />
      {open ? (
        <div
          id="new-draft-menu"
          className="menu"
          role="menu"
          aria-label="New draft"
          onKeyDown={onMenuKey}
          ref={(el) => {
            // Focus moves to the first choice when the menu opens by click, Enter or Space.
            if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>("button")?.focus();
          }}
        >
          {choices.map((c) => (
            <button
              key={c.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => choose(c.id)}
            >
              <span className="menu-item-title">{c.label}</span>
              <span className="muted">{c.hint}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
