// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MigrationReport, REPORT_SHOWN } from "../../src/editor/json/migration-report";
import { migrateBody } from "../../src/platform/migrate";

afterEach(cleanup);

/** A v1 body of `count` title rows with an icon each: a few changes a widget. */
function v1Body(count: number) {
  return {
    widgets: {
      widget_list: Array.from({ length: count }, (_, i) => ({
        widget_type: "TITLE_ROW",
        data: { "@type": "type.googleapis.com/widgets.TitleRowData", text: `Row ${i}`, padded: true },
      })),
    },
  };
}

describe("the migration report of a v1 body of 2,000 widgets", () => {
  it("starts closed with its count, and draws the first 500 changes", () => {
    const res = migrateBody(v1Body(2000));
    if (!res.ok) throw new Error(res.message);
    expect(res.report.length).toBeGreaterThan(REPORT_SHOWN + 1000);
    const { container } = render(<MigrationReport report={res.report} />);
    const details = container.querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.querySelector("summary")?.textContent).toBe(
      `Migration report (${res.report.length.toLocaleString("en")} changes)`,
    );
    expect(within(container).getAllByRole("listitem", { hidden: true })).toHaveLength(REPORT_SHOWN);
    expect(
      screen.getByText(
        `…and ${(res.report.length - REPORT_SHOWN).toLocaleString("en")} more changes. \`addon-studio migrate <file>\` prints the whole report.`,
      ),
    ).toBeTruthy();
  });

  it("a short report is open, as before, and lists every change", () => {
    const res = migrateBody(v1Body(3));
    if (!res.ok) throw new Error(res.message);
    const { container } = render(<MigrationReport report={res.report} />);
    expect(container.querySelector("details")?.open).toBe(true);
    expect(screen.getByText("Migration report")).toBeTruthy();
    expect(within(container).getAllByRole("listitem")).toHaveLength(res.report.length);
  });
});
