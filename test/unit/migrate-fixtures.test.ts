import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../src/platform";
import { type MigrationChange, migrateBody, V1_WIDGET_MODELS } from "../../src/platform/migrate";

const DIR = fileURLToPath(new URL("../fixtures/v1/", import.meta.url));
/** Every v1 widget type: each model's v1 type, plus the one without a v2 counterpart. */
const V1_TYPES = [...V1_WIDGET_MODELS.map((m) => m.v1.type), "LEGEND_TITLE_ROW"];

function fixture(type: string, which: "before" | "after"): unknown {
  return JSON.parse(readFileSync(`${DIR}${type.toLowerCase()}.${which}.json`, "utf8"));
}

/** The data of the only widget of a v1 fixture. */
function v1Data(before: unknown): Record<string, unknown> {
  const list = (before as { widgets: { widget_list: Array<{ data: Record<string, unknown> }> } }).widgets
    .widget_list;
  const data = list[0]?.data;
  if (!data) throw new Error("fixture without a widget");
  return data;
}

function pathsOf(report: MigrationChange[], change?: MigrationChange["change"]): string[] {
  return report.filter((c) => !change || c.change === change).map((c) => c.path);
}

describe("every v1 widget type has a before/after fixture", () => {
  for (const type of V1_TYPES)
    it(type, () => {
      for (const which of ["before", "after"] as const)
        expect(
          existsSync(`${DIR}${type.toLowerCase()}.${which}.json`),
          `missing test/fixtures/v1/${type.toLowerCase()}.${which}.json`,
        ).toBe(true);
    });
});

describe("migrating each fixture", () => {
  for (const model of V1_WIDGET_MODELS) {
    const type = model.v1.type;
    it(`${type} -> ${model.kind}`, () => {
      const before = fixture(type, "before");
      const r = migrateBody(before);
      if (!r.ok) throw new Error(r.message);
      expect(r.from).toBe("v1");
      expect(r.kind).toBe("post");
      expect(r.body).toEqual(fixture(type, "after"));
      const v = validateBody("post", r.body);
      expect(v.errors).toEqual([]);
      // The one warning allowed is a web address carried into image_id, which the report already
      // tells the user to upload; it stays until they do.
      expect(v.warnings.filter((w) => w.code !== "image_id_url")).toEqual([]);
      for (const w of v.warnings)
        expect(
          r.report.some((c) => c.change === "renamed" && /upload/.test(c.message)),
          w.at,
        ).toBe(true);
      expect(r.report.filter((c) => c.change === "unconvertible")).toEqual([]);
      // The wrapper's conversion is named at the widget's path.
      expect(r.report).toContainEqual(
        expect.objectContaining({ path: "widgets.widget_list[0]", change: "converted" }),
      );
    });

    it(`${type}: the fixture exercises every removed, renamed and wrapped field, and each is reported`, () => {
      const data = v1Data(fixture(type, "before"));
      const at = (k: string) => `widgets.widget_list[0].data.${k}`;
      const r = migrateBody(fixture(type, "before"));
      if (!r.ok) throw new Error(r.message);
      for (const f of model.v1.removed ?? []) {
        expect(data, `fixture lacks removed field ${f}`).toHaveProperty(f);
        expect(pathsOf(r.report, "dropped")).toContain(at(f));
      }
      for (const f of Object.keys(model.v1.renamed ?? {})) {
        expect(data, `fixture lacks renamed field ${f}`).toHaveProperty(f);
        expect(pathsOf(r.report, "renamed")).toContain(at(f));
      }
      for (const w of model.v1.iconWrappers ?? []) {
        expect(data, `fixture lacks the ${w} wrapper`).toHaveProperty(w);
        expect(pathsOf(r.report, "moved")).toContain(at(`${w}.icon_name`));
        expect(pathsOf(r.report, "dropped")).toContain(at(`${w}.icon_color`));
      }
      if (model.v1.flatten) {
        const inner = data[model.v1.flatten] as Record<string, unknown>;
        for (const k of Object.keys(inner))
          expect(pathsOf(r.report, "moved")).toContain(at(`${model.v1.flatten}.${k}`));
      }
      for (const f of Object.keys(model.v1.itemRenamed ?? {})) {
        const items = data.items as Array<Record<string, unknown>>;
        items.forEach((item, i) => {
          expect(item).toHaveProperty(f);
          expect(pathsOf(r.report, "renamed")).toContain(at(`items[${i}].${f}`));
        });
      }
    });
  }

  it("LEGEND_TITLE_ROW is left out, and the report names it with its content", () => {
    const before = fixture("LEGEND_TITLE_ROW", "before");
    const r = migrateBody(before);
    if (!r.ok) throw new Error(r.message);
    expect(r.body).toEqual(fixture("LEGEND_TITLE_ROW", "after"));
    const line = r.report.find((c) => c.change === "unconvertible");
    expect(line?.path).toBe("widgets.widget_list[0]");
    expect(line?.message).toContain("LEGEND_TITLE_ROW");
    // Its text is in the report, so the user can rebuild it by hand.
    expect(line?.message).toContain(String(v1Data(before).title));
    expect(line?.message).toContain(String(v1Data(before).subtitle));
  });

  it("all fixtures in one body keep their order and indexes in the report", () => {
    const list = V1_TYPES.map(
      (t) => (fixture(t, "before") as { widgets: { widget_list: unknown[] } }).widgets.widget_list[0],
    );
    const r = migrateBody({ widgets: { widget_list: list } });
    if (!r.ok) throw new Error(r.message);
    const expected = V1_WIDGET_MODELS.map(
      (m) => (fixture(m.v1.type, "after") as { widgets: unknown[] }).widgets[0],
    );
    expect(r.body).toEqual({ widgets: expected });
    expect(validateBody("post", r.body).ok).toBe(true);
    const legend = r.report.find((c) => c.change === "unconvertible");
    expect(legend?.path).toBe(`widgets.widget_list[${V1_TYPES.length - 1}]`);
  });
});
