import { describe, expect, it } from "vitest";
import { validateAny } from "../../src/platform";
import { expectError, expectValid } from "../helpers/expect-body";

const UUID = "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f";
const selectorWith = (action: unknown) => ({ widgets: [{ selector_row: { title: "گزارش کامل", action } }] });
const ACTION_AT = "widgets[0].selector_row.action";

describe("actions: exactly one of the five kinds", () => {
  it("accepts each kind", () => {
    for (const action of [
      { open_direct_link: "https://example.com/report?id=۱" },
      { open_direct_link: "http://example.com" },
      { open_server_link: { data: { report_id: "8421" } } },
      { get_dynamic_action: { data: {} } },
      { open_post_page: { post_token: "gZx7yK3a" } },
      { open_post_manage_page: { post_token: "AbCdEfGh_1234567" } },
    ])
      expectValid("post", selectorWith(action));
  });
  it("refuses javascript:, data: and other schemes, and non-URLs", () => {
    expectError(
      "post",
      selectorWith({ open_direct_link: "javascript:alert(1)" }),
      `${ACTION_AT}.open_direct_link`,
      /javascript: links are not allowed/,
    );
    expectError(
      "post",
      selectorWith({ open_direct_link: "data:text/html,<b>x</b>" }),
      `${ACTION_AT}.open_direct_link`,
      /data: links/,
    );
    expectError(
      "post",
      selectorWith({ open_direct_link: "ftp://example.com/a" }),
      `${ACTION_AT}.open_direct_link`,
      /only http and https/,
    );
    expectError(
      "post",
      selectorWith({ open_direct_link: "example.com" }),
      `${ACTION_AT}.open_direct_link`,
      /not a URL/,
    );
    expectError(
      "post",
      selectorWith({ open_direct_link: "" }),
      `${ACTION_AT}.open_direct_link`,
      /must not be empty/,
    );
  });
  it("refuses none and two kinds", () => {
    expectError("post", selectorWith({}), ACTION_AT, /exactly one of/);
    expectError(
      "post",
      selectorWith({ open_direct_link: "https://a.ir", open_post_page: { post_token: "gZx7yK3a" } }),
      ACTION_AT,
      /exactly one kind/,
    );
  });
  it("data holds any JSON values (live OpenAPI: Dict[str, Any]) and may be left out; it must be an object", () => {
    expectValid(
      "post",
      selectorWith({ open_server_link: { data: { n: 1, nested: { a: [1, "b"] }, ok: true } } }),
    );
    expectValid("post", selectorWith({ get_dynamic_action: {} }));
    expectError(
      "post",
      selectorWith({ get_dynamic_action: { data: "ref-1" } }),
      `${ACTION_AT}.get_dynamic_action.data`,
      /must be an object of the app's own data, not a string/,
    );
  });
  it("post tokens are 8 to 16 letters, digits or underscores", () => {
    for (const t of ["abcd1234", "A_b_C_d_E_f_G_h_"])
      expectValid("post", selectorWith({ open_post_page: { post_token: t } }));
    for (const t of ["abc1234", "abcdefgh123456789", "gZx7-yK3a", "گزارش۱۲۳۴۵"])
      expectError(
        "post",
        selectorWith({ open_post_page: { post_token: t } }),
        `${ACTION_AT}.open_post_page.post_token`,
        /8 to 16/,
      );
  });
  it("names v1 action fields", () => {
    expectError(
      "post",
      selectorWith({ type: "LOAD_WEB_VIEW_PAGE", payload: { url: "https://a.ir" } }),
      `${ACTION_AT}.type`,
      /v1 action field/,
    );
    expectError(
      "post",
      selectorWith({ open_direct_link: "https://a.ir", fallback_link: "https://b.ir" }),
      `${ACTION_AT}.fallback_link`,
      /removed in v2/,
    );
  });
});

describe("post add-on body (2.10)", () => {
  it("accepts widgets, semantic and notes", () => {
    expectValid("post", {
      widgets: [{ title_row: { text: "گزارش کارشناسی" } }],
      semantic: { inspection_result: "INSPECTION_APPROVED", report_id: "8421" },
      notes: "برای آگهی ۱۲",
    });
  });
  it("refuses semantic_sensitives and sensitive_semantics", () => {
    for (const key of ["semantic_sensitives", "sensitive_semantics"])
      expectError("post", { widgets: [], [key]: ["report_id"] }, key, /removed in v2 and must not be sent/);
  });
  it("semantic values are strings", () => {
    expectError("post", { widgets: [], semantic: { year: 1400 } }, "semantic.year", /strings/);
  });
  it("widgets may be left out (live OpenAPI), with a warning, and must be an array", () => {
    const r = expectValid("post", {});
    expect(r.warnings.map((w) => w.at)).toEqual(["widgets"]);
    expectError("post", { widgets: "x" }, "widgets", /array/);
  });
  it("refuses an unknown field, naming the accepted ones", () => {
    expectError("post", { widgets: [], title: "x" }, "title", /widgets, semantic, notes/);
  });
  it("refuses a body that is not an object", () => {
    expectError("post", [], "(root)", /JSON object/);
  });
  it("warns about an empty widget list", () => {
    const r = expectValid("post", { widgets: [] });
    expect(r.warnings.map((w) => w.at)).toEqual(["widgets"]);
  });
});

describe("user add-on body (2.11)", () => {
  it("accepts widgets, categories, ticket_uuid, cost and semantic", () => {
    expectValid("user", {
      widgets: [{ title_row: { text: "احراز هویت انجام شد" } }],
      categories: [],
      ticket_uuid: UUID,
      cost: 25000,
      semantic: { identity_verification_result: "FACE_AND_ID_MATCHED" },
    });
  });
  it("ticket_uuid must be UUID-shaped", () => {
    expectError("user", { widgets: [], ticket_uuid: "ticket-12" }, "ticket_uuid", /UUID/);
  });
  it("cost is a non-negative int32 (live OpenAPI: format int32)", () => {
    expectValid("user", { widgets: [], cost: 25000 });
    expectValid("user", { widgets: [], cost: 2147483647 });
    expectError("user", { widgets: [], cost: 0.5 }, "cost", /whole number: cost is an int32/);
    expectError("user", { widgets: [], cost: 2147483648 }, "cost", /at most 2147483647/);
    expectError("user", { widgets: [], cost: "25000" }, "cost", /not a string/);
    expectError("user", { widgets: [], cost: -1 }, "cost", /negative/);
  });
  it("says what became of each v1 field", () => {
    expectError("user", { widgets: [], verification_cost: 10 }, "verification_cost", /renamed to cost/);
    expectError("user", { widgets: [], phone: "09120000000" }, "phone", /address/);
    expectError("user", { widgets: [], notes: "x" }, "notes", /removed/);
    expectError(
      "user",
      { widgets: [], management_permalink: "https://a.ir" },
      "management_permalink",
      /removed/,
    );
    expectError("user", { widgets: [], semantic_sensitives: [] }, "semantic_sensitives", /must not be sent/);
    expectError("user", { widgets: [], sensitive_semantics: [] }, "sensitive_semantics", /must not be sent/);
  });
});

describe("user semantic body (2.12)", () => {
  it("accepts semantic, ticket_uuid and cost", () => {
    expectValid("semantic", { semantic: { status: "SUCCEEDED" }, ticket_uuid: UUID, cost: 1000 });
  });
  it("semantic is required; widgets are not part of it", () => {
    expectError("semantic", { cost: 1 }, "semantic", /required/);
    expectError("semantic", { semantic: {}, widgets: [] }, "widgets");
  });
  it("says what became of the old verification fields", () => {
    expectError("semantic", { semantic: {}, verification_cost: 1 }, "verification_cost", /renamed to cost/);
    expectError("semantic", { semantic: {}, phone: "0912" }, "phone", /address/);
    expectError(
      "semantic",
      { semantic: {}, semantic_sensitives: [] },
      "semantic_sensitives",
      /must not be sent/,
    );
    expectError("semantic", { semantic: {}, ticket_uuid: "nope" }, "ticket_uuid", /UUID/);
  });
  it("warns about an unhashed VIN and an unknown predefined value", () => {
    const r = expectValid("semantic", { semantic: { VIN: "NAAM01CA9JK123456", status: "DONE" } });
    expect(r.warnings.map((w) => w.at).sort()).toEqual(["semantic.VIN", "semantic.status"]);
  });
  it("warns about an empty category of a user add-on, at its place", () => {
    const r = expectValid("user", { widgets: [{ title_row: { text: "ت" } }], categories: ["cars", " ", ""] });
    expect(r.warnings.filter((w) => w.code === "empty_category").map((w) => w.at)).toEqual([
      "categories[1]",
      "categories[2]",
    ]);
  });
  it("warns about a known key written in other letter case, and names the key to use", () => {
    const r = expectValid("semantic", {
      semantic: { vin: "NAAM01CA9JK123456", Status: "SUCCEEDED", color: "red" },
    });
    const cased = r.warnings.filter((w) => w.code === "semantic_key_case");
    expect(cased.map((w) => w.at).sort()).toEqual(["semantic.Status", "semantic.vin"]);
    expect(cased.find((w) => w.at === "semantic.vin")?.message).toMatch(/rename it to VIN/);
  });
});

describe("chat message body (2.15)", () => {
  const button = (i: number, extra: Record<string, unknown> = {}) => ({
    caption: `گزینه ${i}`,
    action: { open_server_link: { data: { choice: String(i) } } },
    icon: "INFO",
    ...extra,
  });
  const rows = (...sizes: number[]) => {
    let n = 0;
    return { rows: sizes.map((s) => ({ buttons: Array.from({ length: s }, () => button(++n)) })) };
  };
  it("accepts the spec's shape, with or without type", () => {
    expectValid("chat", {
      type: "TEXT",
      message: "سلام، گزارش آماده است",
      sender_buttons: rows(1),
      receiver_buttons: rows(2),
    });
    expectValid("chat", { message: "سلام" });
  });
  it("type is TEXT when present; message is required", () => {
    expectError("chat", { type: "IMAGE", message: "x" }, "type", /TEXT/);
    expectError("chat", { sender_buttons: rows(1) }, "message", /required/);
  });
  it("9 buttons in 3 rows of 3 is fine; 10 is an error", () => {
    const r = expectValid("chat", { message: "x", receiver_buttons: rows(3, 3, 3) });
    expect(r.warnings).toEqual([]);
    expectError(
      "chat",
      { message: "x", receiver_buttons: rows(3, 3, 3, 1) },
      "receiver_buttons",
      /10 buttons.*at most 9/,
    );
  });
  it("more than 3 rows, or more than 3 in a row, is a warning", () => {
    const r = expectValid("chat", { message: "x", sender_buttons: rows(1, 1, 1, 1) });
    expect(r.warnings.map((w) => w.at)).toEqual(["sender_buttons.rows"]);
    const r2 = expectValid("chat", { message: "x", sender_buttons: rows(4) });
    expect(r2.warnings.map((w) => w.at)).toEqual(["sender_buttons.rows[0].buttons"]);
  });
  it("a button names its icon icon; the deprecated icon_name is a warning, and an error beside icon", () => {
    expect(
      expectValid("chat", { message: "x", sender_buttons: { rows: [{ buttons: [button(1)] }] } }).warnings,
    ).toEqual([]);
    const { icon: _, ...plain } = button(1);
    const old = expectValid("chat", {
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ ...plain, icon_name: "INFO" }] }] },
    });
    expect(old.warnings.map((w) => [w.at, w.code, w.rename])).toEqual([
      ["sender_buttons.rows[0].buttons[0].icon_name", "old_spelling", "icon"],
    ]);
    expect(old.warnings[0]?.message).toMatch(/deprecated: rename it to icon/);
    // Both at once: which one the app reads is not documented.
    expectError(
      "chat",
      { message: "x", sender_buttons: { rows: [{ buttons: [button(1, { icon_name: "INFO" })] }] } },
      "sender_buttons.rows[0].buttons[0].icon_name",
      /repeats icon under its deprecated spelling: remove it/,
    );
    expectError(
      "chat",
      { message: "x", sender_buttons: { rows: [{ buttons: [button(1, { icon_name: "CALL" })] }] } },
      "sender_buttons.rows[0].buttons[0].icon_name",
      /names another icon than icon \(INFO\)/,
    );
  });
  it("a button needs a caption; one without an action is warned about; a row needs a button", () => {
    expectError(
      "chat",
      { message: "x", sender_buttons: { rows: [{ buttons: [{}] }] } },
      "sender_buttons.rows[0].buttons[0].caption",
      /required/,
    );
    const r = expectValid("chat", {
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ caption: "الف" }] }] },
    });
    expect(r.warnings.map((w) => `${w.at}: ${w.message}`)).toEqual([
      "sender_buttons.rows[0].buttons[0]: has no action: pressing this button does nothing (the live platform allows it): add an action",
    ]);
    expectError(
      "chat",
      { message: "x", sender_buttons: { rows: [{ buttons: [] }] } },
      "sender_buttons.rows[0].buttons",
      /empty row/,
    );
  });
  it("says what became of the old chat fields", () => {
    expectError("chat", { message: "x", user_id: "u1" }, "user_id", /conversation in the address/);
    expectError("chat", { message: "x", peer_id: "p1" }, "peer_id", /conversation in the address/);
    expectError(
      "chat",
      { message: "x", post_token: "gZx7yK3a" },
      "post_token",
      /conversation in the address/,
    );
    expectError("chat", { message: "x", sender_btn: [] }, "sender_btn", /renamed to sender_buttons/);
    expectError("chat", { message: "x", receiver_btn: [] }, "receiver_btn", /renamed to receiver_buttons/);
  });
});

describe("v1 bodies are recognised", () => {
  it("reports widgets.widget_list once, with a pointer to migrate", () => {
    const r = expectError(
      "post",
      { widgets: { widget_list: [{ widget_type: "TITLE_ROW", data: { "@type": "x", text: "الف" } }] } },
      "widgets",
      /v1 body.*addon-studio migrate/,
    );
    expect(r.errors).toHaveLength(1);
  });
  it("reports a v1 widget inside a v2 array whole", () => {
    const r = expectError(
      "user",
      { widgets: [{ title_row: { text: "الف" } }, { widget_type: "SCORE_ROW", data: { title: "x" } }] },
      "widgets[1]",
      /v1 widget \(SCORE_ROW\).*migrate/,
    );
    expect(r.errors).toHaveLength(1);
  });
});

// Audit of spec 2.7-2.12, 2.15 and platform facts "Chat" / "Events" / "Semantic": rules and
// messages the schema-* tests do not already cover.

describe("add-on bodies (2.10, 2.11, 2.12)", () => {
  it("user add-on fields on a post body say where they belong", () => {
    expectValid("user", {
      widgets: [],
      categories: [],
      ticket_uuid: "3F2C1A9E-8B7D-4C6E-9F01-2A3B4C5D6E7F",
      cost: 0,
    });
    for (const key of ["categories", "ticket_uuid", "cost"])
      expectError(
        "post",
        { widgets: [], [key]: null },
        key,
        /field of the user add-on body, not of the post add-on/,
      );
    expectError(
      "post",
      { widgets: [], verification_cost: 5 },
      "verification_cost",
      /v1 user add-on \(cost in v2\)/,
    );
  });
  it("a semantic value that is not a string says how to write it, never as [object Object]", () => {
    expectValid("post", { widgets: [], semantic: { year: "1400" } });
    expectError("post", { widgets: [], semantic: { year: 1400 } }, "semantic.year", /write "1400"/);
    expectError("post", { widgets: [], semantic: { ok: true } }, "semantic.ok", /write "true"/);
    const r = expectError(
      "user",
      { widgets: [], semantic: { a: { b: "c" }, n: null } },
      "semantic.a",
      /not an object: write the value as text, or remove the key/,
    );
    expect(r.errors.map((p) => p.message).join(" ")).not.toMatch(/object Object|"null"/);
  });
  it("cost too large for JSON says so instead of 'not a number'", () => {
    expectError(
      "semantic",
      { semantic: {}, cost: Number.POSITIVE_INFINITY },
      "cost",
      /number too large to represent/,
    );
  });
  it("keys named like Object's own properties are ordinary unknown keys, not a crash", () => {
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const body = JSON.parse(
        `{"widgets":[{"title_row":{"text":"الف","${key}":1}}],"semantic":{"${key}":"x"},"${key}":1}`,
      );
      const r = validateAny("post", body);
      expect(r.ok, key).toBe(false);
      expect(
        r.errors.map((p) => p.at),
        key,
      ).toEqual(expect.arrayContaining([key, `widgets[0].title_row.${key}`]));
      for (const p of r.errors) expect(typeof p.message, key).toBe("string");
    }
  });
});

describe("chat message (2.15, facts 'Chat')", () => {
  const button = { caption: "بله", action: { open_server_link: { data: { answer: "yes" } } } };
  it("a button icon UNKNOWN is an error under either spelling", () => {
    expectValid("chat", {
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ ...button, icon: "CHECK_CIRCLE" }] }] },
    });
    for (const key of ["icon", "icon_name"])
      expectError(
        "chat",
        { message: "x", sender_buttons: { rows: [{ buttons: [{ ...button, [key]: "UNKNOWN" }] }] } },
        `sender_buttons.rows[0].buttons[0].${key}`,
        /to show no icon, leave the field out/,
      );
  });
  it("unknown fields of a button, a row and a button set name the fields accepted there", () => {
    const r = validateAny("chat", {
      message: "x",
      receiver_buttons: { rows: [{ buttons: [{ ...button, title: "t" }], style: 1 }], layout: "grid" },
    });
    expect(r.errors.map((p) => `${p.at}: ${p.message}`)).toEqual([
      "receiver_buttons.rows[0].buttons[0].title: is not accepted here (the accepted fields are caption, action, icon, icon_name): delete it or check its spelling",
      "receiver_buttons.rows[0].style: is not accepted here (the accepted fields are buttons): delete it or check its spelling",
      "receiver_buttons.layout: is not accepted here (the accepted fields are rows): delete it or check its spelling",
    ]);
  });
  it("a button key near its icon's name is offered icon, never the deprecated icon_name", () => {
    for (const typo of ["iconName", "icon_nme"]) {
      const r = validateAny("chat", {
        message: "x",
        sender_buttons: { rows: [{ buttons: [{ ...button, [typo]: "CALL" }] }] },
      });
      expect(r.errors.map((p) => [p.at, p.rename])).toEqual([
        [`sender_buttons.rows[0].buttons[0].${typo}`, "icon"],
      ]);
      expect(r.errors[0]?.message).toMatch(/did you mean icon\?/);
    }
    // A widget's icon is icon_name: offered there as before.
    const w = validateAny("post", { widgets: [{ selector_row: { title: "الف", icon_nme: "CALL" } }] });
    expect(w.errors.map((p) => p.rename)).toEqual(["icon_name"]);
  });
  it("a blank message is refused with what to do", () => {
    expectError("chat", { message: "   " }, "message", /Message must not be empty: write some text/);
  });
});

describe("event subscription request (2.7, 6.1)", () => {
  it("a lower-case event type is told to be upper case", () => {
    expectValid("subscription", { event_type: "POST_UPDATE" });
    expectError("subscription", { event_type: "post_update" }, "event_type", /upper case: write POST_UPDATE/);
  });
  it("metadata must be an object, in words without zod's 'record'", () => {
    expectValid("subscription", { event_type: "POST_UPDATE", metadata: { ref: 42, tags: ["a"] } });
    const r = expectError(
      "subscription",
      { event_type: "POST_UPDATE", metadata: "ref-42" },
      "metadata",
      /must be an object of the app's own data, not a string/,
    );
    expect(r.errors[0]?.message).not.toMatch(/record/);
  });
  it("meta_data, alone or beside metadata, is refused with 'did you mean metadata' (the live document has only metadata)", () => {
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", meta_data: {} },
      "meta_data",
      /did you mean metadata/,
    );
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", metadata: {}, meta_data: {} },
      "meta_data",
      /did you mean metadata/,
    );
  });
  it("the deprecated chat-read registration's fields point to their replacements (4.12)", () => {
    expectError(
      "subscription",
      { event_type: "NEW_MESSAGE_ON_POST", post_token: "gZx7yK3a" },
      "post_token",
      /put the post token in event_resource_id/,
    );
    expectError(
      "subscription",
      { event_type: "NEW_MESSAGE_ON_POST", identification_key: "k" },
      "identification_key",
      /developer panel/,
    );
  });
  it("an empty event_resource_id says to leave it out to cover all", () => {
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", event_resource_id: "" },
      "event_resource_id",
      /leave the field out to cover all/,
    );
  });
  it("the root names what was expected", () => {
    expectError(
      "subscription",
      [],
      "(root)",
      /must be a JSON object \(the event subscription request\), not an array/,
    );
  });
});

describe("delivered event (2.8, 2.9, 6.2, 6.3.7)", () => {
  const message = {
    id: "5d1c9c2e-0f7b-4a52-9a3e-2b8f1f3e7c11",
    conversation: { id: "conv-1", type: "POST", post_token: "gZ3kQx9aB1cD" },
    sender: { side: "SELLER", type: "HUMAN" },
    type: "TEXT",
    sent_at: 1_763_700_000_000_000,
    text: "سلام",
  };
  it("a subscription type or the old CHAT_MESSAGE as type names the delivered type to use", () => {
    expectValid("event", { type: "NEW_MESSAGE", new_message: message });
    expectError(
      "event",
      { type: "NEW_MESSAGE_ON_POST", new_message: message },
      "type",
      /its deliveries have type NEW_MESSAGE/,
    );
    expectError(
      "event",
      { type: "CHAT_MESSAGE" },
      "type",
      /old delivered type \(spec 6\.3\.7\).*NEW_MESSAGE/,
    );
  });
  it("the old shape's sender at the top level is named as old", () => {
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: message, sender: { id: "u", is_supply: true } },
      "sender",
      /old delivered shape/,
    );
  });
  it("a missing payload says which field the type needs", () => {
    expectError(
      "event",
      { type: "USER_ACCESS_REVOCATION" },
      "user_access_revocation",
      /is required: a USER_ACCESS_REVOCATION event carries its payload in user_access_revocation/,
    );
  });
  it("sent_at is whole microseconds; enumerations hint at upper case", () => {
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sent_at: 1.5 } },
      "new_message.sent_at",
      /whole number of microseconds/,
    );
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sent_at: -1 } },
      "new_message.sent_at",
      /must not be negative/,
    );
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sender: { side: "buyer", type: "HUMAN" } } },
      "new_message.sender.side",
      /upper case: write BUYER/,
    );
  });
});

describe("problem codes: set where the problem is found, not read from its words", () => {
  const codeAt = (kind: Parameters<typeof validateAny>[0], body: unknown, at: string) =>
    validateAny(kind, body).errors.find((p) => p.at === at)?.code;

  it("a field v1 had and v2 renamed or removed is v1_field", () => {
    expect(codeAt("user", { widgets: [], phone: "09120000000" }, "phone")).toBe("v1_field");
    expect(codeAt("semantic", { semantic: {}, notes: "x" }, "notes")).toBe("v1_field");
    expect(
      codeAt(
        "post",
        { widgets: [{ description_row: { text: "t", is_primary: true } }] },
        "widgets[0].description_row.is_primary",
      ),
    ).toBe("v1_field");
    expect(codeAt("post", { widgets: [{ wide_button_bar: {} }] }, "widgets[0].wide_button_bar")).toBe(
      "v1_field",
    );
    expect(
      codeAt("post", selectorWith({ fallback_link: "https://example.com" }), `${ACTION_AT}.fallback_link`),
    ).toBe("v1_field");
  });

  it("a field that belongs in the address or another body is unknown_field, whatever its message quotes", () => {
    // The message quotes the /v1/ route; the field was never a v1 field of this body.
    expect(codeAt("semantic", { semantic: {}, phone: "09120000000" }, "phone")).toBe("unknown_field");
    expect(codeAt("semantic-by-id", { semantic: {}, divar_user_id: "u" }, "divar_user_id")).toBe(
      "unknown_field",
    );
    expect(codeAt("post", { widgets: [], verification_cost: 1 }, "verification_cost")).toBe("unknown_field");
    expect(
      codeAt("post", { widgets: [{ event_row: { title: "t", action: {} } }] }, "widgets[0].event_row.action"),
    ).toBe("unknown_field");
    expect(codeAt("post", { widgets: [], colour: 1 }, "colour")).toBe("unknown_field");
  });

  it("a key named like an Object method is an unknown key with a message, not a lookup of the prototype", () => {
    const p = validateAny(
      "post",
      selectorWith({ open_direct_link: "https://example.com", constructor: 1 }),
    ).errors.find((e) => e.at === `${ACTION_AT}.constructor`);
    expect(p?.code).toBe("unknown_field");
    expect(typeof p?.message).toBe("string");
    expect(p?.message).toMatch(/is not an action kind/);
  });
});
