import "./preview-column.css";
import { useEffect, useRef, useState } from "react";
import { AddonPreview } from "../../preview/addon-preview";
import { frameAt } from "../../preview/frame-labels";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectShownWidgets } from "../store/shown-widgets";
import { scrollIntoContainer } from "../ui/scroll-into-container";
import type { Theme } from "./theme";

/** The phone preview of the add-on, with its own light/dark switch (following the editor's). */
export function PreviewColumn(props: { theme: Theme }) {
  // While a list row is dragged, the preview shows the order the drop would give (as the list does).
  const { widgets, keys, selectedIndex, ghostIndex } = useEditorStore(selectShownWidgets);
  const api = useEditorStoreApi();
  const [theme, setTheme] = useState<Theme>(props.theme);
  useEffect(() => setTheme(props.theme), [props.theme]);
  const body = useRef<HTMLDivElement>(null);
  // The selected widget is brought into view in the phone, as it is in the list; while a palette
  // item is dragged over the list, the place it would be added.
  const inView = ghostIndex ?? selectedIndex;
  useEffect(() => {
    if (inView === undefined || !body.current) return;
    // The phone scrolls its own screen: the frame is brought into view there.
    const phone = body.current.querySelector(".pv-phone");
    const frame = frameAt(phone, inView);
    if (!phone || !frame) return;
    // In the frame that paints the selection (measuring now would force a layout in the middle of
    // the edit). Frames off screen have an estimated height until drawn (content-visibility): once
    // the frames now in view are drawn, the selected one may have shifted, so once more after that.
    let again = 0;
    const first = requestAnimationFrame(() => {
      scrollIntoContainer(frame, phone);
      again = requestAnimationFrame(() => scrollIntoContainer(frame, phone));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(again);
    };
  }, [inView]);
  return (
    <section className="panel preview-column" aria-labelledby="preview-title">
      <div className="panel-head">
        <h2 id="preview-title" className="panel-title">
          Preview
        </h2>
        <fieldset className="segmented small" aria-label="Preview theme">
          <legend className="visually-hidden">Preview theme</legend>
          {(["light", "dark"] as const).map((t) => (
            <label key={t} className={`segment ${theme === t ? "is-on" : ""}`}>
              <input type="radio" name="preview-theme" checked={theme === t} onChange={() => setTheme(t)} />
              {t === "light" ? "Light" : "Dark"}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="panel-body preview-body" ref={body}>
        <AddonPreview
          widgets={widgets}
          keys={keys}
          theme={theme}
          selectedIndex={selectedIndex}
          ghostIndex={ghostIndex}
          onSelect={(index) => {
            const id = keys[index];
            if (id) api.getState().select(id);
          }}
        />
      </div>
    </section>
  );
}
