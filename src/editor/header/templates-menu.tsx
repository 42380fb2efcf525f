import { useEffect, useRef, useState } from "react";
import { changeDraftAloud } from "../drafts/draft-announce";
import type { DraftSession } from "../drafts/draft-session";
import type { Template } from "../templates/templates";
import { countOf } from "../ui/count-of";
import { ChromeIcon } from "../ui/icons";
import { rovingIndex } from "../ui/roving-index";
import { useOutsideClose } from "./use-outside-close";

/** The "Templates" popover: starts a new draft from a ready-made add-on. */
export function TemplatesMenu(props: { session: DraftSession }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLFieldSetElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useOutsideClose(wrap, open, () => setOpen(false));
  // Template bodies load with the menu, not with the page.
  const [templates, setTemplates] = useState<readonly Template[] | null>(null);
  useEffect(() => {
    if (open && !templates) void import("../templates/templates").then((m) => setTemplates(m.TEMPLATES));
  }, [open, templates]);
  useEffect(() => {
    // Focus moves into the menu once its templates are there.
    if (!open || !templates) return;
    const first = ref.current?.querySelector("button");
    first?.focus();
  }, [open, templates]);
  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="templates-menu"
        title="Start from a template"
        onClick={() => setOpen((o) => !o)}
      >
        <ChromeIcon name="templates" />
        <span className="button-text">Templates</span>
      </button>
      {open ? (
        <fieldset
          id="templates-menu"
          className="menu"
          ref={ref}
          aria-label="Templates"
          onKeyDown={(e) => {
            // Up and Down (Home, End) move between the templates as in the New draft menu; Tab
            // still goes through them too.
            const items = [...(ref.current?.querySelectorAll<HTMLElement>(".menu-item") ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            const to = items.length ? rovingIndex(e.key, at, items.length, "ArrowUp", "ArrowDown") : -1;
            if (to >= 0) {
              e.preventDefault();
              items[to]?.focus();
              return;
            }
            if (e.key !== "Escape") return;
            setOpen(false);
            // The focused menu item is going away: focus returns to the button that opened the menu.
            wrap.current?.querySelector("button")?.focus();
          }}
        >
          <p className="muted">Opens as a new draft; your current draft is kept.</p>
          {templates ? null : <p className="muted">Loading templates…</p>}
          {(templates ?? []).map((t) => (
            <button
              key={t.id}
              type="button"
              className="menu-item"
              aria-label={`Use template: ${t.name}`}
              onClick={async () => {
                const { importJson } = await import("../json/import-body");
                const res = importJson(t.body, t.kind);
                if (res.ok)
                  changeDraftAloud(
                    props.session,
                    () => props.session.newDraft(res.doc, t.name),
                    (open, before) =>
                      `Opened the template as the new draft ${open}, ${countOf(res.doc.widgets.length, "widget")}; ${before} is kept.`,
                  );
                setOpen(false);
                // The pressed item goes with the menu: focus returns to the button that opened it
                // (as Escape and New draft's menu do), not to the page's start.
                wrap.current?.querySelector("button")?.focus();
              }}
            >
              <span className="menu-item-title">{t.name}</span>
              <span className="muted">{t.description}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
