import { describe, expect, it } from "vitest";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: a list written as a string ("items": "") got two errors at one path, the type
 * and a count that does not apply to it ("needs 2 or 3 items: add one", "an empty row shows nothing:
 * add a button"): adding an item to a string is no fix. The type is the one mistake named.
 */

describe("a value of the wrong type is named once, by its type", () => {
  it("a widget's list", () => {
    expect(errorsOf("post", { widgets: [{ group_info_row: { items: "" } }] })).toEqual([
      "widgets[0].group_info_row.items: must be an array of items, not a string",
    ]);
    expect(errorsOf("post", { widgets: [{ image_carousel_row: { items: "" } }] })).toEqual([
      "widgets[0].image_carousel_row.items: must be an array of images, not a string",
    ]);
  });

  it("an item of the wrong type says what an item is", () => {
    expect(errorsOf("post", { widgets: [{ group_info_row: { items: ["متراژ", "۱۲۰"] } }] })).toEqual([
      "widgets[0].group_info_row.items[0]: must be an item object {title, value}, not a string",
      "widgets[0].group_info_row.items[1]: must be an item object {title, value}, not a string",
    ]);
    expect(errorsOf("post", { widgets: [{ image_carousel_row: { items: ["a.jpg"] } }] })).toEqual([
      "widgets[0].image_carousel_row.items[0]: must be an item object {image_id, description}, not a string",
    ]);
  });

  it("a chat row's buttons", () => {
    expect(errorsOf("chat", { message: "سلام", sender_buttons: { rows: [{ buttons: "" }] } })).toEqual([
      "sender_buttons.rows[0].buttons: must be an array of buttons, not a string",
    ]);
  });

  it("a list of the right type still has its counts checked", () => {
    expect(errorsOf("post", { widgets: [{ group_info_row: { items: [] } }] })).toEqual([
      "widgets[0].group_info_row.items: needs 2 or 3 items: add one",
    ]);
  });
});
