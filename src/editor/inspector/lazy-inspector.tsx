import { useEffect, useRef, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import { afterFirstPaint } from "../shell/after-first-paint";
import { lazyModule } from "../ui/lazy-module";

// The inspector's forms (generated controls, action and list editors, add-on settings) are not
// needed for the first paint: they travel in their own chunk, fetched once the editor is drawn
// (after its first paint and an idle moment: shell/after-first-paint.ts).
type InspectorModule = typeof import("./inspector");
// The forms show the contract's findings per field: the inspector waits for the contract too.
const inspector = lazyModule<InspectorModule>(() =>
  Promise.all([import("./inspector"), loadContract()]).then(([m]) => m),
);

/** Loads the inspector's chunk (once; a failed fetch is tried again at the next call). */
export const loadInspector = inspector.load;

/** The inspector column; drawn at once when its code is loaded, else "Loading…", or a retry if it failed. */
export function LazyInspector() {
  const mod = inspector.use();
  // How many loads have failed (0: none yet, or loading).
  const [failures, setFailures] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    if (mod || !loading) return;
    let live = true;
    afterFirstPaint(() =>
      loadInspector().catch(() => {
        if (!live) return;
        setFailures((n) => n + 1);
        setLoading(false);
      }),
    );
    return () => {
      live = false;
    };
  }, [mod, loading]);
  if (!mod)
    return (
      <section className="panel inspector" aria-label="Inspector" aria-busy={loading}>
        <div className="panel-body">
          {loading ? (
            <p key="loading" className="muted">
              Loading the inspector…
            </p>
          ) : (
            // Its own element each time (a key per attempt), so a screen reader announces each alert.
            <p key={`failed-${failures}`} role="alert">
              {failures === 1
                ? "The inspector's code could not be loaded (the network or the studio may be down). "
                : // Some browsers (Chromium before ~156) keep a failed module fetch for the page's life:
                  // only a reload fetches it anew. The draft is saved as the page goes.
                  "The inspector's code still could not be loaded. Once the network is back, reloading the page fetches it anew; your draft is kept. "}
              <RetryButtons again={() => setLoading(true)} reload={failures > 1} />
            </p>
          )}
        </div>
      </section>
    );
  return <mod.Inspector />;
}

/**
 * "Try again", and after a retry failed too "Reload the page", which takes focus: the pressed
 * "Try again" left the page while the retry ran.
 */
function RetryButtons(props: { again: () => void; reload: boolean }) {
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.reload) reload.current?.focus();
  }, [props.reload]);
  return (
    <>
      <button type="button" className="button" onClick={props.again}>
        Try again
      </button>
      {props.reload ? (
        <>
          {" "}
          <button ref={reload} type="button" className="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </>
      ) : null}
    </>
  );
}
