import { expect, test } from "@playwright/test";
import { importPasted, openEditor, previewWidgets } from "./helpers";

// A widget's own preview.css must win over the shared rules, in the studio as on the emulator's
// pages. The studio's bundle had the widgets' rules before the shared ones, so `.pv-widget`'s padding
// (12px 16px) overrode theirs: an event row's divider fell outside its frame (never drawn) and a
// group info row's sat 3 px above its bottom edge.
test("widgets keep their own padding, and an event row's divider is drawn on its bottom edge", async ({
  page,
}) => {
  await openEditor(page);
  const body = {
    widgets: [
      { event_row: { title: "بازدید کارشناس", subtitle: "فردا ساعت ۱۰", has_divider: true } },
      {
        group_info_row: {
          items: [
            { title: "کارکرد", value: "۱۲۰ هزار" },
            { title: "مدل", value: "۱۳۹۸" },
          ],
          has_divider: true,
        },
      },
    ],
  };
  await importPasted(page, body);
  const frames = previewWidgets(page);
  await expect(frames).toHaveCount(2);
  const drawn = await frames.evaluateAll((els) =>
    els.map((frame) => {
      const widget = frame.querySelector(".pv-widget");
      const divider = frame.querySelector(".pv-divider");
      const box = frame.getBoundingClientRect();
      const line = divider?.getBoundingClientRect();
      const style = widget ? getComputedStyle(widget) : undefined;
      return {
        padding: style ? `${style.paddingTop} ${style.paddingBottom}` : "",
        // Where the divider is, from the frame's bottom edge (0: on it; positive: below it, clipped).
        dividerFromBottom: line ? Math.round(line.top - box.bottom) : null,
      };
    }),
  );
  expect(drawn[0]).toEqual({ padding: "16px 16px", dividerFromBottom: -1 });
  expect(drawn[1]).toEqual({ padding: "16px 11px", dividerFromBottom: -1 });
});
