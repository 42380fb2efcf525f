import { describe, expect, it } from "vitest";
import { validateWidget } from "../../src/platform/validate";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: a missing field inside a widget says where the rule comes from, and says it
 * rightly. The live OpenAPI requires an action's post_token (addonsOpenPostPage and
 * addonsOpenPostManagePage: `required: ["post_token"]`); the studio told users the OpenAPI marks it
 * optional. A carousel item's image_id and a group item's title and value are the studio's own rule
 * (decisions, issue 16), not one of the widget docs.
 */

describe("a missing required field inside a widget names the source of the rule", () => {
  it("an action's post_token: the live OpenAPI requires it", () => {
    for (const kind of ["open_post_page", "open_post_manage_page"]) {
      const body = { widgets: [{ button_bar: { title: "آگهی", action: { [kind]: {} } } }] };
      expect(errorsOf("post", body)).toEqual([
        `widgets[0].button_bar.action.${kind}.post_token: is required: add a post token (a string) (the live OpenAPI requires it)`,
      ]);
    }
    // The same through validateWidget, as the editor checks one widget.
    const one = validateWidget({ selector_row: { title: "t", action: { open_post_page: {} } } }, [
      "widgets",
      2,
    ]);
    expect(one.map((p) => `${p.at}: ${p.message}`)).toEqual([
      "widgets[2].selector_row.action.open_post_page.post_token: is required: add a post token (a string) (the live OpenAPI requires it)",
    ]);
  });

  it("a carousel item's image_id and a group item's title and value: the studio's own rule", () => {
    expect(
      errorsOf("post", { widgets: [{ image_carousel_row: { items: [{ description: "نما" }] } }] }),
    ).toEqual([
      "widgets[0].image_carousel_row.items[0].image_id: is required: add an image id (a string) (the studio's rule: an item without it shows nothing; the live OpenAPI marks it optional)",
    ]);
    const group = { widgets: [{ group_info_row: { items: [{ title: "متراژ" }, { value: "۱۲۰" }] } }] };
    expect(errorsOf("post", group)).toEqual([
      "widgets[0].group_info_row.items[0].value: is required: add text (a string) (the studio's rule: an item without it shows nothing; the live OpenAPI marks it optional)",
      "widgets[0].group_info_row.items[1].title: is required: add text (a string) (the studio's rule: an item without it shows nothing; the live OpenAPI marks it optional)",
    ]);
  });

  it("the widget docs' rules keep saying so", () => {
    expect(errorsOf("post", { widgets: [{ title_row: {} }] })).toEqual([
      "widgets[0].title_row.text: is required: add text (a string) (a documented rule of the platform's widget docs; the live OpenAPI marks it optional)",
    ]);
  });
});
