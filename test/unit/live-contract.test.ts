import { describe, expect, it } from "vitest";
import { importJson } from "../../src/editor/json/import-body";
import { selectExportBody } from "../../src/editor/store/selectors";
import { checkBody } from "../../src/platform/body-check";
import { toJsonSchema } from "../../src/platform/json-schema";
import { formatChange, type MigrationSuccess, migrateBody } from "../../src/platform/migrate";
import { validateAny, validateBody, validateMessage } from "../../src/platform/validate";
import { expectError, expectValid } from "../helpers/expect-body";

/** Issue 16: the contract agrees with the live OpenAPI, item by item, on bodies written for this file. */

function migrated(body: unknown): MigrationSuccess {
  const r = migrateBody(body);
  if (!r.ok) throw new Error(r.message);
  return r;
}
const lines = (r: MigrationSuccess) => r.report.map(formatChange);
const messages = (r: { warnings: { at: string; message: string }[] }) =>
  r.warnings.map((w) => `${w.at}: ${w.message}`);

const SEMANTIC = { status: "SUCCEEDED", payment_method: "SECURE" };

describe("1. user semantic: a body per route", () => {
  it("the live route by divar_user_id requires the phone in the body", () => {
    expectValid("semantic-by-id", { semantic: SEMANTIC, phone: "09121234567", cost: 9000 });
    expectError("semantic-by-id", { semantic: SEMANTIC }, "phone", /is required/);
    expectError("semantic-by-id", { semantic: SEMANTIC, phone: "شماره" }, "phone", /phone number/);
    expectError(
      "semantic-by-id",
      { semantic: SEMANTIC, phone: "09121234567", divar_user_id: "u-1" },
      "divar_user_id",
      /address/,
    );
  });
  it("migrate leaves a live body with its phone as it is (it is not an old verification body)", () => {
    const body = { semantic: SEMANTIC, phone: "09121234567" };
    const r = migrated(body);
    expect(r.report).toEqual([]);
    expect(r.body).toBe(body);
  });
  it("the spec's route by phone takes no phone in the body, and says which route does", () => {
    expectValid("semantic", { semantic: SEMANTIC });
    expectError("semantic", { semantic: SEMANTIC, phone: "09121234567" }, "phone", /semantic-by-id/);
  });
  it("the user add-on body is the same on both routes; divar_user_id goes in the address", () => {
    expectValid("user", { widgets: [{ title_row: { text: "فروشنده معتبر" } }] });
    expectError(
      "user",
      { widgets: [], divar_user_id: "u-1" },
      "divar_user_id",
      /addons\/users\/\{divar_user_id\}/,
    );
  });
  it("the JSON Schema of each names the routes that take it", () => {
    expect(toJsonSchema("semantic-by-id").description).toBe(
      "Taken by POST /v1/open-platform/semantic/users/{divar_user_id}.",
    );
    expect(toJsonSchema("semantic").description).toBe(
      "Taken by POST /v1/open-platform/semantic/user/{phone} (spec).",
    );
    expect(toJsonSchema("user").description).toBe(
      "Taken by POST /v2/open-platform/addons/users/{divar_user_id}; POST /v2/open-platform/addons/user/{phone}.",
    );
    expect(toJsonSchema("semantic-by-id").required).toEqual(["semantic", "phone"]);
  });
});

describe("2. chat: media_token", () => {
  it("a media message: media_token with no text; text or media, not both", () => {
    expectValid("chat", { message: "", media_token: "upl-5f2a" });
    expectValid("chat", { message: "سلام" });
    expectError(
      "chat",
      { message: "عکس", media_token: "upl-5f2a" },
      "media_token",
      /text or media, not both/,
    );
    expectError("chat", { message: " " }, "message", /must not be empty.*media_token/);
    expectError("chat", { message: "", media_token: "" }, "media_token", /must not be empty/);
    // A body with neither names both ways out: the field stays required for a media message.
    expectError("chat", {}, "message", /is required: add text \(a string\), or "" beside a media_token/);
    expectError("chat", { media_token: "upl-5f2a" }, "message", /or "" beside a media_token/);
  });
});

describe("3. action data: any JSON values", () => {
  it("nested objects, numbers and lists are kept as the app wrote them", () => {
    const data = { order: { id: 7, items: ["a", "b"] }, paid: false };
    const body = { widgets: [{ button_bar: { title: "پیگیری", action: { get_dynamic_action: { data } } } }] };
    expectValid("post", body);
    const r = validateBody("post", body);
    expect(r.value?.widgets?.[0]?.button_bar?.action?.get_dynamic_action?.data).toEqual(data);
  });
});

describe("4. subscription event types", () => {
  it("the live types pass; the spec's other types pass with a warning that they need no subscription", () => {
    expect(validateMessage("subscription", { event_type: "POST_UPDATE" }).warnings).toEqual([]);
    const r = validateMessage("subscription", { event_type: "NEW_CHATBOT_MESSAGE" });
    expect(r.ok).toBe(true);
    expect(messages(r)).toEqual([
      "event_type: NEW_CHATBOT_MESSAGE is a subscription type of the spec, but the live platform takes only NEW_MESSAGE_ON_POST and POST_UPDATE: it delivers chatbot messages to the app without a subscription, and may refuse this request",
    ]);
    expect(messages(validateMessage("subscription", { event_type: "PAYMENT_TRANSACTION" }))[0]).toMatch(
      /payment transactions to the app without a subscription/,
    );
    expect(validateMessage("subscription", { event_type: "NEW_MESSAGE" }).ok).toBe(false);
    // A value that is no subscription type is the schema's error alone, not also "a type of the spec".
    for (const event_type of ["NEW_MESSAGE", "FOO"]) {
      const wrong = validateMessage("subscription", { event_type });
      expect(wrong.errors.map((p) => p.at)).toEqual(["event_type"]);
      expect(wrong.warnings).toEqual([]);
    }
  });
});

describe("5. cost is an int32", () => {
  it("on the user add-on and the user semantic bodies", () => {
    expectError("semantic", { semantic: SEMANTIC, cost: 1500.5 }, "cost", /int32/);
    expectValid("semantic", { semantic: SEMANTIC, cost: 1500 });
    // An optional field: its schema, or null (read as not set).
    expect(toJsonSchema("user").properties?.cost).toMatchObject({
      anyOf: [{ type: "integer", minimum: 0, maximum: 2147483647 }, { type: "null" }],
    });
  });
});

describe("6. score_row: has_divider is canonical", () => {
  it("migrate renames hasDivider in a v2 body, with a report line", () => {
    const r = migrated({
      widgets: [{ score_row: { title: "موتور", percentage_score: 80, hasDivider: true } }],
    });
    expect(r.from).toBe("v2");
    expect(r.body).toEqual({
      widgets: [{ score_row: { title: "موتور", percentage_score: 80, has_divider: true } }],
    });
    expect(lines(r)).toEqual([
      "widgets[0].score_row.hasDivider: renamed: hasDivider renamed to has_divider (now widgets[0].score_row.has_divider)",
    ]);
  });
});

describe("7. meta_data", () => {
  it("is refused with 'did you mean metadata'; migrate renames it", () => {
    const r = validateMessage("subscription", { event_type: "POST_UPDATE", meta_data: { ref: "9" } });
    expect(r.errors.map((e) => `${e.at}: ${e.message}`)).toEqual([
      "meta_data: did you mean metadata? The live platform's field is metadata (meta_data appears only in an old docs example): rename it (addon-studio migrate does)",
    ]);
    expect(r.errors[0]?.rename).toBe("metadata");
    // A delivered event keeps its meta_data (a delivery must not be lost): a warning, with the same rename.
    const event = validateMessage("event", { type: "NEW_MESSAGE", new_message: {}, meta_data: { a: "b" } });
    expect(event.warnings.find((w) => w.at === "meta_data")).toMatchObject({
      code: "old_spelling",
      rename: "metadata",
    });
    // Both present: nothing to rename onto.
    const both = validateMessage("subscription", { event_type: "POST_UPDATE", metadata: {}, meta_data: {} });
    expect(both.errors.find((e) => e.at === "meta_data")?.rename).toBeUndefined();
    const m = migrated({ event_type: "POST_UPDATE", meta_data: { ref: "9" } });
    expect(m.body).toEqual({ event_type: "POST_UPDATE", metadata: { ref: "9" } });
    expect(validateMessage("subscription", m.body).ok).toBe(true);
  });
});

describe("8. null on an optional field", () => {
  const body = {
    widgets: [
      { score_row: { title: "کیفیت", descriptive_score: "عالی", percentage_score: null, icon_name: null } },
    ],
    notes: null,
  };
  it("is absent, with a warning each; null on a required field is still an error", () => {
    const r = expectValid("post", body);
    expect(r.warnings.map((w) => `${w.at}: ${w.code}`)).toEqual([
      "widgets[0].score_row.percentage_score: null_as_absent",
      "widgets[0].score_row.icon_name: null_as_absent",
      "notes: null_as_absent",
    ]);
    expect(r.body).toEqual({ widgets: [{ score_row: { title: "کیفیت", descriptive_score: "عالی" } }] });
    expectError(
      "post",
      { widgets: [{ title_row: { text: null } }] },
      "widgets[0].title_row.text",
      /not null/,
    );
  });
  it("is never exported: migrate and the editor's import leave it out, with a report line", () => {
    const m = migrated(body);
    expect(m.body).toEqual({ widgets: [{ score_row: { title: "کیفیت", descriptive_score: "عالی" } }] });
    expect(m.report.map((c) => `${c.path}: ${c.change}`)).toEqual([
      "widgets[0].score_row.percentage_score: dropped",
      "widgets[0].score_row.icon_name: dropped",
      "notes: dropped",
    ]);
    const imported = importJson(body, "post");
    if (!imported.ok) throw new Error(imported.message);
    expect(selectExportBody({ doc: imported.doc })).toEqual(m.body);
    expect(imported.report).toEqual(m.report);
  });
});

describe("8. null, deeper down", () => {
  it("inside an action, migrate leaves it out too", () => {
    const r = migrated({
      message: "x",
      sender_buttons: {
        rows: [{ buttons: [{ caption: "a", action: { open_server_link: { data: null } } }] }],
      },
    });
    expect(r.body).toEqual({
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ caption: "a", action: { open_server_link: {} } }] }] },
    });
    expect(r.report.map((c) => `${c.path}: ${c.change}`)).toEqual([
      "sender_buttons.rows[0].buttons[0].action.open_server_link.data: dropped",
    ]);
  });
});

describe("issue 18: old chat buttons left in an otherwise-v2 body", () => {
  it("become one-button rows, with no word about the conversation (the body has none to lose)", () => {
    const r = migrated({
      message: "رسید پرداخت",
      receiver_btn: { action: "DIRECT_LINK", data: { caption: "دیدن رسید", icon_name: "RECEIPT" } },
    });
    expect(r.from).toBe("v2");
    expect(r.body).toEqual({
      message: "رسید پرداخت",
      receiver_buttons: { rows: [{ buttons: [{ icon: "RECEIPT", caption: "دیدن رسید" }] }] },
    });
    expect(lines(r)).toEqual([
      "receiver_btn: renamed: renamed to receiver_buttons",
      "receiver_btn.data.icon_name: renamed: became receiver_buttons.rows[0].buttons[0].icon, the live platform's name (icon_name is deprecated there)",
      'receiver_btn.action: unconvertible: the old button has no direct_link: receiver_buttons.rows[0].buttons[0] was kept without an action; give it one by hand (for example {"open_direct_link": "https://…"})',
      "receiver_btn: converted: the old button became a one-button row, receiver_buttons.rows[0]",
    ]);
    expect(validateAny("chat", r.body).ok).toBe(true);
  });
});

describe("9. the old SDK's unset values", () => {
  const body = {
    widgets: [
      {
        score_row: {
          title: "رنگ",
          percentage_score: 30,
          score_color: "COLOR_UNSPECIFIED",
          icon_name: "UNKNOWN",
        },
      },
    ],
  };
  it("are explained, not a generic error", () => {
    const r = validateAny("post", body);
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^COLOR_UNSPECIFIED is the unset value of the old SDK.*leave the field out/),
      expect.stringMatching(/^UNKNOWN is the unset value of the old SDK.*leave the field out/),
    ]);
  });
  it("migrate drops them with a report line each", () => {
    const r = migrated(body);
    expect(r.body).toEqual({ widgets: [{ score_row: { title: "رنگ", percentage_score: 30 } }] });
    expect(lines(r)).toEqual([
      "widgets[0].score_row.score_color: dropped: COLOR_UNSPECIFIED is the unset value of the old SDK (the platform refuses it); left out of widgets[0].score_row.score_color, which shows no colour when it is not set",
      "widgets[0].score_row.icon_name: dropped: UNKNOWN is the unset value of the old SDK (the platform refuses it); left out of widgets[0].score_row.icon_name, which shows no icon when it is not set",
    ]);
  });
});

describe("10. optional in the live document", () => {
  it("button_bar.action and a chat button's action may be left out, with a warning", () => {
    const r = expectValid("post", { widgets: [{ button_bar: { title: "به‌زودی" } }] });
    expect(messages(r)).toEqual([
      "widgets[0].button_bar: has no action: pressing this button does nothing (the live platform allows it): add an action",
    ]);
    expectValid("chat", {
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ caption: "تماس", icon_name: "CALL" }] }] },
    });
  });
  it("a field we still require says that it is a documented rule", () => {
    expectError(
      "post",
      { widgets: [{ selector_row: { icon_name: "INFO" } }] },
      "widgets[0].selector_row.title",
      /is required.*a documented rule of the platform's widget docs; the live OpenAPI marks it optional/,
    );
    expectError(
      "post",
      { widgets: [{ score_row: { title: "x" } }] },
      "widgets[0].score_row.percentage_score",
      /a documented rule of score_row/,
    );
  });
});

describe("11. outdated shapes of the official docs: migrate and import say what each became", () => {
  it("event_row.action (and its semantic path), image_url on event_row", () => {
    const body = {
      widgets: [
        {
          event_row: {
            title: "بازدید",
            image_url: "9a8b.jpg",
            action: { open_direct_link: "https://a.example/e" },
          },
          semantic_paths: { visit_link: "action.open_direct_link", visit_image: "image_url" },
        },
      ],
    };
    expectError("post", body, "widgets[0].event_row.action", /not accepted on event_row/);
    const r = migrated(body);
    expect(r.body).toEqual({
      widgets: [
        { event_row: { title: "بازدید", image_id: "9a8b.jpg" }, semantic_paths: { visit_image: "image_id" } },
      ],
    });
    expect(lines(r)).toEqual([
      "widgets[0].event_row.image_url: renamed: image_url renamed to image_id (now widgets[0].event_row.image_id)",
      'widgets[0].event_row.action: dropped: event_row takes no action (an outdated shape some docs show; the live platform refuses it); its value {"open_direct_link":"https://a.example/e"} was left out',
      'widgets[0].semantic_paths.visit_link: dropped: pointed to action.open_direct_link, which was left out of widgets[0].event_row; the semantic path "visit_link" was left out too',
      "widgets[0].semantic_paths.visit_image: renamed: now points to image_id, as image_url was renamed to image_id",
    ]);
    expect(validateAny("post", r.body).ok).toBe(true);
    const imported = importJson(body, "post");
    expect(imported.ok && imported.report).toEqual(r.report);
  });
  it("a v1 section_color left on a v2 evaluation_row: the widget is kept, the colour is to be picked", () => {
    const sections = { text: "متوسط", section_color: "WARNING_PRIMARY" };
    const body = {
      widgets: [
        {
          evaluation_row: {
            indicator_text: "قیمت",
            indicator_percentage: 50,
            left: { text: "گران", section_color: "ICON_SECONDARY" },
            middle: sections,
            right: sections,
          },
        },
      ],
    };
    const r = migrated(body);
    expect(r.body).toEqual({
      widgets: [{ evaluation_row: { ...body.widgets[0]?.evaluation_row, left: { text: "گران" } } }],
    });
    expect(r.report.map((c) => `${c.path}: ${c.change}`)).toEqual([
      "widgets[0].evaluation_row.left.section_color: unconvertible",
    ]);
    expect(validateAny("post", r.body).errors.map((e) => e.at)).toEqual([
      "widgets[0].evaluation_row.left.section_color",
    ]);
  });
  it("payment_transaction on a delivered event becomes transaction", () => {
    const body = { type: "PAYMENT_TRANSACTION", payment_transaction: { id: "tx-81", state: "DONE" } };
    expect(validateAny("event", body).errors.map((e) => e.at)).toEqual([
      "payment_transaction",
      "transaction",
    ]);
    const r = migrated(body);
    expect(r.kind).toBe("event");
    expect(r.body).toEqual({ type: "PAYMENT_TRANSACTION", transaction: { id: "tx-81", state: "DONE" } });
    expect(validateAny("event", r.body).ok).toBe(true);
  });
});

describe("a chat body's type (the spec's field, absent from the live body)", () => {
  it("is accepted with a warning and left out of the body the proxy and the emulator pass on", () => {
    const r = checkBody("chat", { type: "TEXT", message: "سلام" });
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => [w.at, w.code])).toEqual([["type", "not_live_field"]]);
    expect(r.body).toEqual({ message: "سلام" });
    // The library's parsed value is the same body.
    const v = validateBody("chat", { type: "TEXT", message: "سلام" });
    expect(v.ok && v.value).toEqual({ message: "سلام" });
    // Without it, nothing is said and the body is as written.
    expect(checkBody("chat", { message: "سلام" })).toMatchObject({ warnings: [], body: { message: "سلام" } });
  });
});
