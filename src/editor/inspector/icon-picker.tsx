import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ICON_NAMES } from "../../platform/icons";

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
  const matches = useMemo(() => {
    const q = query
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, "_");
    return q ? ICON_NAMES.filter((n) => n.includes(q)) : ICON_NAMES;
  }, [query]);
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
      <ul className="icon-grid" aria-label={`Icons for ${props.label}`}>
        {matches.map((name) => (
          <li key={name}>
            <button
              type="button"
              className={`icon-option ${name === props.value ? "is-selected" : ""}`}
              aria-pressed={name === props.value}
              onClick={() => props.onPick(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
