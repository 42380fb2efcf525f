import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { ICON_NAMES } from "../../platform/icons";
import { PreviewIcon } from "../../preview/preview-icons";
import "./icon-picker.css";

// Options are rendered a few rows at a time: 822 buttons, each with a drawing (a fetch and an SVG),
// made the picker slow to open and every query over the inspector slow. More are added as the end of
// the list scrolls into view, or by the "Show more" button (keyboard users, and no observer).
const PAGE = 48;

/**
 * How many of the matches to render: PAGE at first (and after each new search), PAGE more whenever
 * `more` (the list's last item) comes within a row of the visible part of `root`.
 */
function useShownCount(
  root: RefObject<HTMLElement | null>,
  more: RefObject<HTMLElement | null>,
  matches: readonly string[],
): [number, (n: number) => void] {
  const [shown, setShown] = useState(PAGE);
  // A new search starts at the top again.
  const [forMatches, setForMatches] = useState(matches);
  if (forMatches !== matches) {
    setForMatches(matches);
    setShown(PAGE);
  }
  useEffect(() => {
    const target = more.current;
    if (!root.current || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Tab to "Show more" scrolls it into view: showing the last page then would remove the
        // focused button and drop focus to the page. Focused, it waits to be pressed (`showMore`).
        if (target.contains(document.activeElement)) return;
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + PAGE);
      },
      { root: root.current, rootMargin: "0px 0px 96px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  });
  return [Math.min(shown, matches.length), setShown];
}

/** Where a key moves focus in the grid of `count` shown options, `columns` per row; null for other keys. */
export function gridStep(key: string, at: number, count: number, columns: number): number | null {
  switch (key) {
    case "ArrowRight":
      return at + 1;
    case "ArrowLeft":
      return Math.max(0, at - 1);
    case "ArrowDown":
      return at + columns;
    case "ArrowUp":
      return at >= columns ? at - columns : at;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** How many options the grid lays out per row (1 where the page has no layout). */
function columnsOf(options: readonly HTMLElement[]): number {
  const top = options[0]?.offsetTop;
  if (top === undefined || options.every((o) => o.offsetWidth === 0)) return 1;
  const n = options.findIndex((o) => o.offsetTop !== top);
  return n < 0 ? options.length : n;
}

/** Searchable list of the known icon names with their drawings (a lazy chunk, rendered a page at a time). */
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
  useLayoutEffect(() => searchRef.current?.focus(), []);
  const gridRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLLIElement>(null);
  const matches = useMemo(() => {
    const q = query
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, "_");
    return q ? ICON_NAMES.filter((n) => n.includes(q)) : ICON_NAMES;
  }, [query]);
  const searched = query.trim() !== "";
  const [shown, setShown] = useShownCount(gridRef, moreRef, matches);
  // One Tab stop in the grid (the last one focused, else the chosen icon, else the first shown); the
  // arrow keys, Home and End move between options, and moving past the last shown shows more.
  const [focused, setFocused] = useState<string | null>(null);
  const visible = matches.slice(0, shown);
  const tabStop =
    (focused && visible.includes(focused) && focused) ||
    (visible.includes(props.value) ? props.value : visible[0]);
  const options = () => [
    ...(gridRef.current?.querySelectorAll<HTMLButtonElement>("button.icon-option") ?? []),
  ];
  /**
   * Shows a page more and focuses option `at` (at most the last). Counted from what is on the page
   * now: the observer may have added a page since this render (a race seen in the browser test).
   */
  const showMore = (at: (onPage: number) => number) => {
    const onPage = options().length;
    flushSync(() => setShown(Math.max(shown, onPage) + PAGE));
    const now = options();
    now[Math.min(at(onPage), now.length - 1)]?.focus();
  };
  const onGridKey = (e: KeyboardEvent) => {
    // Alt+arrows (back, forward), Ctrl+Home and the rest stay the browser's.
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const all = options();
    const at = e.target instanceof HTMLButtonElement ? all.indexOf(e.target) : -1;
    if (at < 0) return;
    const to = gridStep(e.key, at, all.length, columnsOf(all));
    if (to === null) return;
    e.preventDefault();
    if (to >= all.length && shown < matches.length) showMore(() => to);
    else all[Math.min(to, all.length - 1)]?.focus();
  };
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
          // Enter takes the first match, so "search, Enter" picks an icon without tabbing the grid; with
          // nothing typed it does nothing (a reflex Enter on opening would replace the icon with the list's first).
          const first = searched ? matches[0] : undefined;
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
        {searched && matches[0] ? `; Enter picks ${matches[0]}, Escape closes.` : "; Escape closes."}
      </p>
      <p className="visually-hidden" id={`${searchId}:keys`}>
        Arrow keys, Home and End move between icons; Enter or Space picks one.
      </p>
      <ul
        className="icon-grid"
        aria-label={`Icons for ${props.label}`}
        aria-describedby={`${searchId}:keys`}
        ref={gridRef}
        onKeyDown={onGridKey}
      >
        {visible.map((name) => (
          <li key={name} data-icon={name}>
            <button
              type="button"
              className={`icon-option ${name === props.value ? "is-selected" : ""}`}
              aria-pressed={name === props.value}
              title={name}
              tabIndex={name === tabStop ? 0 : -1}
              onFocus={() => setFocused(name)}
              onClick={() => props.onPick(name)}
            >
              {/* The name is the button's text; the drawing beside it is decoration for sighted users. */}
              <span className="icon-option-glyph" aria-hidden="true">
                <PreviewIcon name={name} size={20} />
              </span>
              <span className="icon-option-name">{name}</span>
            </button>
          </li>
        ))}
        {shown < matches.length ? (
          <li className="icon-more" ref={moreRef}>
            <button
              type="button"
              className="link-button"
              // Focus goes to the first new option.
              onClick={() => showMore((onPage) => onPage)}
            >
              Show more ({matches.length - shown} left)
            </button>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}
