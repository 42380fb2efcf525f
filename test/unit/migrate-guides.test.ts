import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importJson } from "../../src/editor/json/import-body";
import { selectExportBody } from "../../src/editor/store/selectors";
import { isRecord } from "../../src/platform/json";
import { formatChange, migrateBody } from "../../src/platform/migrate";
import { type CheckKind, validateAny } from "../../src/platform/validate";

/**
 * One fixture per section of the platform's migration guides (docs/migrations/001_… and 002_…):
 * an old body written after what the guide's old side shows, the new body expected, and the report
 * lines expected. Written for this project; the guide's own bodies are not copied.
 */
interface GuideFixture {
  guide: string;
  section: string;
  old: unknown;
  new: Record<string, unknown>;
  report: string[];
}

const DIR = "test/fixtures/guides/";
const FIXTURES: Array<[string, GuideFixture]> = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(`${DIR}${f}`, "utf8")) as GuideFixture]);

/** Every string and number in a JSON value, except @type markers (v1 type URLs, not content). */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string" || typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (k !== "@type") leaves(v, out);
  return out;
}

function mentionsMigrate(kind: CheckKind, body: unknown): boolean {
  const r = validateAny(kind, body);
  return [...r.errors, ...r.warnings].some((p) => /addon-studio migrate/.test(p.message));
}

describe("the migration guides, section by section", () => {
  it("has a fixture for every section of both guides", () => {
    expect(FIXTURES.map(([, f]) => f.section)).toEqual([
      "actions",
      "description-row",
      "evaluation-row",
      "event-row",
      "group-info-row",
      "image-carousel-row",
      "post-addon",
      "score-row",
      "selector-row",
      "subtitle-row",
      "title-row",
      "user-addon",
      "user-semantic",
      "wide-button-bar",
      "chat-read-to-subscription",
      "send-message",
    ]);
  });

  for (const [file, f] of FIXTURES) {
    describe(file, () => {
      const r = migrateBody(f.old);
      if (!r.ok) throw new Error(r.message);

      it("migrates to the expected new body, with the expected report", () => {
        expect(r.body).toEqual(f.new);
        expect(r.report.map(formatChange)).toEqual(f.report);
      });

      it("drops nothing the user wrote without a report line that names it", () => {
        const kept = new Set(leaves(r.body));
        const report = r.report.map(formatChange).join("\n");
        // The old registration's identification key is a secret: the report names the field, not the value.
        const secret = isRecord(f.old) ? f.old.identification_key : undefined;
        for (const v of leaves(f.old)) {
          if (kept.has(v) || v === secret || v === "") continue;
          expect(report, `${JSON.stringify(v)} is neither kept nor reported`).toContain(v);
        }
      });

      it("leaves only what the report asks to fill by hand, and migrating again changes nothing", () => {
        const v = validateAny(r.kind, r.body);
        const unconvertible = r.report.filter((c) => c.change === "unconvertible").map((c) => c.message);
        for (const e of v.errors)
          expect(
            unconvertible.some((m) => m.includes(e.at)),
            `${e.at}: ${e.message}`,
          ).toBe(true);
        const again = migrateBody(r.body);
        expect(again.ok && again.report).toEqual([]);
        expect(mentionsMigrate(r.kind, r.body)).toBe(false);
      });

      if (r.kind === "post" || r.kind === "user")
        it("the editor's import gives the same body and the same report", () => {
          const imported = importJson(f.old, r.kind === "user" ? "user" : "post");
          if (!imported.ok) throw new Error(imported.message);
          expect(imported.report.map(formatChange)).toEqual(f.report);
          expect(selectExportBody({ doc: imported.doc })).toEqual(f.new);
        });
    });
  }
});

describe("validate suggests migrate only when migrate would change something", () => {
  const v2: Array<[CheckKind, unknown]> = [
    ["post", { widgets: [{ title_row: { text: "گزارش" } }] }],
    ["post", { widgets: [{ score_row: { title: "بدنه", percentage_score: 60, has_divider: true } }] }],
    ["chat", { message: "سلام" }],
    ["subscription", { event_type: "POST_UPDATE", metadata: { ref: "a" } }],
    // Invalid, but nothing migrate could fix: no suggestion.
    ["post", { widgets: [{ title_row: { text: "" } }] }],
    ["post", { widgets: [{ score_row: { title: "x", score_color: "PURPLE", percentage_score: 5 } }] }],
  ];
  const leftovers: Array<[CheckKind, unknown]> = [
    ["post", { widgets: [{ score_row: { title: "بدنه", percentage_score: 60, hasDivider: true } }] }],
    ["post", { widgets: [{ event_row: { title: "سرویس", image_url: "c0ffee.jpg" } }] }],
    [
      "post",
      { widgets: [{ event_row: { title: "سرویس", action: { open_direct_link: "https://a.example/x" } } }] },
    ],
    ["post", { widgets: [{ selector_row: { title: "x", icon: { icon_name: "INFO" }, small: true } }] }],
    ["subscription", { event_type: "POST_UPDATE", meta_data: { ref: "a" } }],
    ["event", { type: "PAYMENT_TRANSACTION", payment_transaction: { id: "t-1" } }],
    [
      "chat",
      {
        message: "سلام",
        sender_buttons: {
          rows: [
            {
              buttons: [
                {
                  caption: "باز کن",
                  action: { type: "OPEN_WEB_PAGE", fallback_link: "https://a.example/y" },
                },
              ],
            },
          ],
        },
      },
    ],
  ];
  it("a clean or unfixable v2 body: migrate changes nothing and validate does not suggest it", () => {
    for (const [kind, body] of v2) {
      const m = migrateBody(body);
      expect(m.ok && m.report, JSON.stringify(body)).toEqual([]);
      expect(mentionsMigrate(kind, body), JSON.stringify(body)).toBe(false);
    }
  });
  it("a v2 body with v1 leftovers or old spellings: validate suggests migrate, and migrate converts them", () => {
    for (const [kind, body] of leftovers) {
      expect(mentionsMigrate(kind, body), JSON.stringify(body)).toBe(true);
      const m = migrateBody(body);
      if (!m.ok) throw new Error(m.message);
      expect(m.report.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(m.from).toBe("v2");
      expect(mentionsMigrate(kind, m.body), JSON.stringify(m.body)).toBe(false);
    }
  });
  it("every fixture's old body that validates as its kind is told to run migrate", () => {
    for (const [, f] of FIXTURES) {
      const r = migrateBody(f.old);
      if (!r.ok) throw new Error(r.message);
      expect(mentionsMigrate(r.kind, f.old) || validateAny(r.kind, f.old).errors.length > 0).toBe(true);
    }
  });
});
