import type { FirstLoadFigures } from "./browser";
import type { DragScaleFigures, ScaleFigures, StepFigures } from "./browser-scale";
import type { FloorFigures } from "./floor";
import { type NotMeasured, isNotMeasured as nm } from "./page-steps";
import type { Results } from "./report";
import type { Summary } from "./stats";

/** The issue 14 targets per size (ms, MB), from the issue's table. */
const TARGETS: Record<
  number,
  { key: number; step: number; drag: [number, number]; drop: number; import: number; heap: number }
> = {
  500: { key: 16, step: 16, drag: [17, 50], drop: 33, import: 150, heap: 5 },
  2000: { key: 16, step: 33, drag: [17, 50], drop: 33, import: 400, heap: 15 },
};

const f1 = (x: number) => x.toFixed(1);
const mark = (ok: boolean) => (ok ? " ✓" : " ✗");

function cell(x: unknown, text: () => string): string {
  return typeof x === "object" && x !== null && nm(x) ? `not measured: ${x.notMeasured}` : text();
}

function stepCell(s: StepFigures | NotMeasured, target?: number): string {
  return cell(s, () => {
    const v = s as StepFigures;
    const t = v.timeouts ? `, ${v.timeouts} not seen` : "";
    return `${f1(v.toFrame.p95)} ms (p50 ${f1(v.toFrame.p50)}, n ${v.toFrame.n}${t}; to the frame's callback ${f1(v.toCallback.p95)})${target ? mark(v.toFrame.p95 <= target && !v.timeouts) : ""}`;
  });
}

function dragCell(d: DragScaleFigures | NotMeasured, target?: [number, number]): string {
  return cell(d, () => {
    const v = d as DragScaleFigures;
    const ok = target && v.frames.p95 <= target[0] && v.frames.max <= target[1] && v.moved;
    return `${f1(v.frames.p95)} / ${f1(v.frames.max)} ms (${v.frames.n} frames${v.moved ? "" : "; **did not move**"})${target ? mark(Boolean(ok)) : ""}`;
  });
}

/** A drag's slowest drop (its p95: there are 5), or its one drop in older results. */
function worst(d: DragScaleFigures): number {
  return d.drops?.length ? Math.max(...d.drops) : d.dropMs;
}

function dropCell(s: ScaleFigures): string {
  if (nm(s.drag.pointer) && nm(s.drag.keyboard)) return `not measured: ${s.drag.pointer.notMeasured}`;
  const parts = (["pointer", "keyboard"] as const).map((by) => {
    const d = s.drag[by];
    if (nm(d)) return `${by}: not measured`;
    if (!d.moved) return `${by}: not seen${d.drops?.length ? ` after ${d.drops.length}` : ""}`;
    return d.drops
      ? `${by} ${f1(worst(d))} ms (median ${f1(d.dropMs)}, of ${d.drops.length}; to ${d.landedAt})`
      : `${by} ${f1(d.dropMs)} ms (to ${d.landedAt})`;
  });
  const t = TARGETS[s.widgets]?.drop;
  const all = [s.drag.pointer, s.drag.keyboard];
  const ok = all.every((d) => !nm(d) && d.moved && worst(d) <= (t ?? Number.POSITIVE_INFINITY));
  return `${parts.join("; ")}${t ? mark(ok) : ""}`;
}

/** Issue 14's table (one column per size) and the first-load rows, as Markdown. */
export function scaleTable(r: Results): string {
  const b = r.browser;
  if (nm(b)) return "";
  const sizes = b.scale ?? [];
  const fl = b.firstLoad;
  const lines: string[] = [];
  if (fl) lines.push(...firstLoadLines(fl), "");
  if (b.floor) lines.push(floorLine(b.floor), "");
  if (sizes.length === 0) return lines.join("\n");
  const head = sizes.map((s) => `${s.widgets.toLocaleString("en")} widgets`);
  const row = (label: string, f: (s: ScaleFigures) => string) =>
    `| ${label} | ${sizes.map((s) => f(s).replace(/\|/g, "\\|")).join(" | ")} |`;
  const T = (s: ScaleFigures) => TARGETS[s.widgets];
  lines.push(
    "Issue 14 figures (✓ / ✗: the issue's target for that size; p95 unless named):",
    "",
    `| Figure | ${head.join(" | ")} |`,
    `| --- | ${sizes.map(() => "---").join(" | ")} |`,
    row("Keystroke → preview painted (JSON tab closed)", (s) =>
      cell(s.keystroke, () => {
        const e = s.keystroke as Exclude<ScaleFigures["keystroke"], NotMeasured>;
        const t = T(s)?.key;
        return `${f1(e.toFrame.p95)} ms (p50 ${f1(e.toFrame.p50)}, DOM p95 ${f1(e.toDom.p95)}, to the frame's callback ${f1(e.toCallback.p95)}${e.timeouts ? `, ${e.timeouts} not seen` : ""})${t ? mark(e.toFrame.p95 <= t && !e.timeouts) : ""}`;
      }),
    ),
    row("Add (palette) → painted", (s) => stepCell(s.structural.add, T(s)?.step)),
    row("Duplicate → painted", (s) => stepCell(s.structural.duplicate, T(s)?.step)),
    row("Delete → painted", (s) => stepCell(s.structural.delete, T(s)?.step)),
    row("Move up/down by button → painted", (s) => stepCell(s.structural.move, T(s)?.step)),
    row("Pointer drag: frame gap p95 / max", (s) => dragCell(s.drag.pointer, T(s)?.drag)),
    row("Keyboard drag: frame gap p95 / max", (s) => dragCell(s.drag.keyboard, T(s)?.drag)),
    row("Drop → new order painted (slowest of 5, p95)", dropCell),
    row("Import (paste, JSON tab) → all usable, median of 3", (s) =>
      cell(s.import, () => {
        const i = s.import as Exclude<ScaleFigures["import"], NotMeasured>;
        const t = T(s)?.import;
        return `${f1(i.pasteMs)} ms (runs ${i.pasteRuns.map(f1).join(", ")})${t ? mark(i.pasteMs <= t) : ""}`;
      }),
    ),
    row("Share link → all shown, over an empty editor", (s) =>
      cell(s.import, () => {
        const i = s.import as Exclude<ScaleFigures["import"], NotMeasured>;
        return `+${f1(i.shareAddedMs)} ms (${f1(i.shareMs)} against ${f1(i.emptyMs)} ms from navigation)`;
      }),
    ),
    row("JS heap added (after GC)", (s) =>
      cell(s.heap, () => {
        const h = s.heap as Exclude<ScaleFigures["heap"], NotMeasured>;
        const t = T(s)?.heap;
        return `+${h.addedMB.toFixed(2)} MB (${h.emptyMB.toFixed(2)} → ${h.loadedMB.toFixed(2)}; ${h.domNodes} DOM elements)${t ? mark(h.addedMB <= t) : ""}`;
      }),
    ),
  );
  return lines.join("\n");
}

function floorLine(f: FloorFigures | NotMeasured): string {
  if (nm(f)) return `The probes' floor: not measured: ${f.notMeasured}`;
  const k = f.keystroke;
  const c = f.click;
  const figure = (v: { toFrame: Summary; toCallback: Summary; timeouts: number }) =>
    `p95 ${f1(v.toFrame.p95)} ms (p50 ${f1(v.toFrame.p50)}, to the frame's callback ${f1(v.toCallback.p95)}, n ${v.toFrame.n}${v.timeouts ? `, ${v.timeouts} not seen` : ""})`;
  const cold = f.coldLoad;
  const coldText =
    cold === undefined
      ? ""
      : nm(cold)
        ? ` Cold load: not measured: ${cold.notMeasured}.`
        : ` Cold load of a page that is only the palette's "Add Title" button and the list, ${cold.runs} fresh contexts, the same probe as the editor's: palette drawn p50 ${f1(cold.shown.p50)} ms (max ${f1(cold.shown.max)}), clicked row drawn p50 ${f1(cold.usable.p50)} ms (max ${f1(cold.usable.max)}).`;
  return `The probes' floor (the same keystroke and click probes on a page that does nothing but show the change: what no page goes under on this machine): keystroke → painted ${figure(k)}; click → painted ${nm(c) ? `not measured: ${c.notMeasured}` : figure(c)}.${coldText}`;
}

function firstLoadLines(fl: FirstLoadFigures | NotMeasured): string[] {
  if (nm(fl)) return [`First load: not measured: ${fl.notMeasured}`];
  const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
  const js = fl.initialJs;
  const i = fl.interactive;
  return [
    `First load (issue 14): initial JS ${kb(js.gzip)} gzip (${kb(js.raw)} raw; entry, modulepreloads and inline script: ${js.files.map((f) => `${f.url.replace(/^\/assets\//, "")} ${kb(f.gzip)}`).join(", ")})${mark(js.gzip <= 120 * 1024)} (target ≤ 120 KB).${fl.page ? ` The page (index.html, with the first paint's shell, templates and stylesheet): ${kb(fl.page.gzip)} gzip (${kb(fl.page.raw)} raw).` : ""}`,
    `Cold load, ${i.runs} fresh contexts, to the frame that draws it: navigation → palette drawn p50 ${f1(i.shown.p50)} ms (max ${f1(i.shown.max)}); → clicked, first "Add Title" row drawn (editor interactive) p50 ${f1(i.usable.p50)} ms (max ${f1(i.usable.max)})${mark(i.usable.p50 <= 150)} (target ≤ 150 ms). As the probe stamped them until the ninth session, in the page before their frame was drawn: palette p50 ${f1(i.inPage.palette.p50)} ms, row p50 ${f1(i.inPage.row.p50)} ms.`,
  ];
}
