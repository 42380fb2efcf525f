import { lazy, Suspense, useEffect } from "react";

// The inspector's forms (generated controls, action and list editors, add-on settings) are not
// needed for the first paint: they travel in their own chunk, fetched as soon as the editor is drawn.
const loadInspector = () => import("./inspector");
const Inspector = lazy(() => loadInspector().then((m) => ({ default: m.Inspector })));

/** The inspector column; its code loads right after the first paint (a short "Loading…" at most). */
export function LazyInspector() {
  useEffect(() => {
    void loadInspector().catch(() => {});
  }, []);
  return (
    <Suspense
      fallback={
        <section className="panel inspector" aria-label="Inspector" aria-busy="true">
          <div className="panel-body">
            <p className="muted">Loading the inspector…</p>
          </div>
        </section>
      }
    >
      <Inspector />
    </Suspense>
  );
}
