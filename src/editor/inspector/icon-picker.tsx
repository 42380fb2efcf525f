import { type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { ICON_NAMES } from "../../platform/icons";
import { PreviewIcon } from "../../preview/preview-icons";
import "./icon-picker.css";

// Without IntersectionObserver (never in a browser the studio supports; jsdom in tests) the first
// screenfuls are drawn and the rest show their names only.
const DRAWN_WITHOUT_OBSERVER = 60;

/**
 * The names whose option has scrolled into view of `root` (kept once seen, so scrolling back does
 * not redraw): 822 options are cheap as text, but each drawing is a fetch and an SVG, so an icon is
 * drawn only when its option is seen.
 */
function useSeenNames(root: RefObject<HTMLElement | null>, names: readonly string[]): ReadonlySet<string> {
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const list = root.current;
    if (!list) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(new Set(names.slice(0, DRAWN_WITHOUT_OBSERVER)));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const added = entries
          .filter((e) => e.isIntersecting)
          .map((e) => (e.target instanceof HTMLElement ? e.target.dataset.icon : undefined))
          .filter((n): n is string => n !== undefined);
        if (added.length > 0) setSeen((old) => new Set([...old, ...added]));
      },
      // A row ahead of the scroll, so icons are there by the time they show.
      { root: list, rootMargin: "64px 0px" },
    );
    for (const li of list.querySelectorAll<HTMLElement>("li[data-icon]")) observer.observe(li);
    return () => observer.disconnect();
  }, [root, names]);
  return seen;
}

/** Searchable list of the known icon names (loaded lazily: it renders hundreds of options). */
export default function IconPicker(props: {
  label: string;
  value: string;
  onPick: (name: string) => void;
  /** Escape: close without picking (focus goes back to the icon field). */
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  // Opening the picker is an explicit request to search, so the search box takes focus.
  useEffect(() => searchRef.current?.focus(), []);
  const gridRef = useRef<HTMLUListElement>(null);
  const matches = useMemo(() => {
    const q = query
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, "_");
    return q ? ICON_NAMES.filter((n) => n.includes(q)) : ICON_NAMES;
  }, [query]);
  const seen = useSeenNames(gridRef, matches);
  return (
    // Escape anywhere in the picker closes it: with 822 buttons, tabbing out is not a way back.
    <fieldset
      className="icon-picker"
      aria-label={`Icon picker for ${props.label}`}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        e.stopPropagation();
        props.onClose();
      }}
    >
      <label className="field-label" htmlFor={searchId}>
        Search icons
      </label>
      <input
        id={searchId}
        className="input"
        type="search"
        data-native-undo=""
        value={query}
        ref={searchRef}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // Enter takes the first match, so "search, Enter" picks an icon without tabbing the grid.
          const first = matches[0];
          if (e.key === "Enter" && first) {
            e.preventDefault();
            props.onPick(first);
          }
        }}
        aria-describedby={`${searchId}:hint`}
        placeholder={`${ICON_NAMES.length} icons, e.g. car, star`}
      />
      <p className="muted" id={`${searchId}:hint`} aria-live="polite">
        {matches.length} {matches.length === 1 ? "icon" : "icons"}
        {matches[0] ? `; Enter picks ${matches[0]}, Escape closes.` : "."}
      </p>
      <ul className="icon-grid" aria-label={`Icons for ${props.label}`} ref={gridRef}>
        {matches.map((name) => (
          <li key={name} data-icon={name}>
            <button
              type="button"
              className={`icon-option ${name === props.value ? "is-selected" : ""}`}
              aria-pressed={name === props.value}
              title={name}
              onClick={() => props.onPick(name)}
            >
              {/* The name is the button's text; the drawing beside it is decoration for sighted users. */}
              <span className="icon-option-glyph" aria-hidden="true">
                {seen.has(name) ? <PreviewIcon name={name} size={20} /> : null}
              </span>
              <span className="icon-option-name">{name}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
