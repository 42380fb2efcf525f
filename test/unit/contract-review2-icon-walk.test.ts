import { describe, expect, it } from "vitest";
import { validateAny } from "../../src/platform/validate";

/**
 * Contract review 2: the unknown-icon and image-address warnings looked at every key named icon,
 * icon_name or image_id anywhere in a body, so the app's own action data (handed back to the app as
 * sent; the platform reads nothing in it) and semantic_paths' field paths were warned about as icons
 * ("icon_name is not in the known icon list; the app may show no icon"). The platform has no such rule
 * there: only the platform's own fields are checked.
 */

const warningsOf = (kind: "post" | "chat", body: unknown) =>
  validateAny(kind, body).warnings.map((w) => `${w.at} ${w.code}`);

describe("icon and image warnings look only at the platform's fields", () => {
  it("not at an action's data, on a widget or a chat button", () => {
    const data = { icon: "my-own-key", icon_name: "row-7", image_id: "https://app.example/a.png" };
    expect(
      warningsOf("post", {
        widgets: [
          { button_bar: { title: "رزرو", action: { open_server_link: { data } } } },
          { selector_row: { title: "جزئیات", action: { get_dynamic_action: { data } } } },
        ],
      }),
    ).toEqual([]);
    expect(
      warningsOf("chat", {
        message: "سلام",
        sender_buttons: {
          rows: [{ buttons: [{ caption: "رزرو", action: { open_server_link: { data } } }] }],
        },
      }),
    ).toEqual([]);
  });

  it("not at semantic_paths, whose values are field paths", () => {
    expect(
      warningsOf("post", {
        widgets: [
          { selector_row: { title: "جزئیات", icon_name: "ADD" }, semantic_paths: { icon: "icon_name" } },
        ],
        semantic: { icon: "ADD" },
      }),
    ).toEqual([]);
  });

  it("the platform's own fields are still checked, beside such data", () => {
    expect(
      warningsOf("post", {
        widgets: [
          {
            selector_row: {
              title: "جزئیات",
              icon_name: "NOT_AN_ICON",
              image_id: "https://app.example/a.png",
              action: { open_server_link: { data: { icon_name: "x" } } },
            },
          },
        ],
      }),
    ).toEqual([
      "widgets[0].selector_row.icon_name unknown_icon",
      "widgets[0].selector_row.image_id image_id_url",
    ]);
    expect(
      warningsOf("chat", {
        message: "سلام",
        sender_buttons: {
          rows: [
            {
              buttons: [
                { caption: "رزرو", icon: "NOT_AN_ICON", action: { open_direct_link: "https://a.example" } },
              ],
            },
          ],
        },
      }),
    ).toEqual(["sender_buttons.rows[0].buttons[0].icon unknown_icon"]);
  });
});
