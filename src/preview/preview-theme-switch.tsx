import { useId } from "react";
import type { PreviewTheme } from "./preview-kit";

/** The light/dark switch of the preview, a labelled radio group ("Preview theme"). */
export function PreviewThemeSwitch(props: { theme: PreviewTheme; onChange: (theme: PreviewTheme) => void }) {
  const name = useId();
  return (
    <div className="pv-theme-switch segmented small" role="radiogroup" aria-label="Preview theme">
      {(["light", "dark"] as const).map((t) => (
        <label key={t} className={`pv-theme-option segment ${props.theme === t ? "is-on" : ""}`}>
          <input
            type="radio"
            name={name}
            value={t}
            checked={props.theme === t}
            onChange={() => props.onChange(t)}
          />
          {t === "light" ? "Light" : "Dark"}
        </label>
      ))}
    </div>
  );
}
