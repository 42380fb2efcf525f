// Chat buttons: the old sender_btn / receiver_btn and v1 button sets to v2's rows.
import { urlProblem } from "../actions";
import { ZERO_ICON } from "../fields";
import { isRecord, own } from "../json";
import { formatPath, type PathSegment } from "../problems";
import { convertAction } from "./actions";
import type { Reporter } from "./report";
import { type Json, orderKeys, put, show } from "./shared";

/** Whether a button's icon field names an icon (not absent, null, empty or the old SDK's UNKNOWN). */
function isIconSet(v: unknown): boolean {
  return typeof v === "string" && v !== "" && v !== ZERO_ICON;
}

function convertButton(b: unknown, at: PathSegment[], to: string, r: Reporter): Json | undefined {
  if (!isRecord(b)) {
    r.add(at, "unconvertible", `${show(b)} is not a button; left out`);
    return undefined;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(b)) {
    if (value === null && key !== "caption") {
      r.add([...at, key], "dropped", `null means "not set" on the platform (proto3 JSON); left out of ${to}`);
    } else if ((key === "icon_name" || key === "icon") && value === ZERO_ICON) {
      r.add(
        [...at, key],
        "dropped",
        `UNKNOWN is the unset value of the old SDK (the platform refuses it); left out of ${to}, which shows no icon when it is not set`,
      );
    } else if (key === "icon_name") {
      // The spec's spelling, deprecated by the live OpenAPI: the button's icon is `icon` there.
      if (!isIconSet(b.icon)) {
        out.icon = value;
        r.add(
          [...at, key],
          "renamed",
          "renamed to icon, the live platform's name (icon_name is deprecated there)",
        );
      } else
        r.add(
          [...at, key],
          "dropped",
          b.icon === value
            ? "repeats icon under its deprecated spelling; left out"
            : `names another icon than icon (${show(b.icon)}); icon was kept, and icon_name ${show(value)} left out`,
        );
    } else if (key === "icon" && !isIconSet(value) && isIconSet(b.icon_name)) {
      // An empty icon beside a real icon_name: the icon_name is kept, as icon.
      r.add(
        [...at, key],
        "dropped",
        `${show(value)} names no icon; icon_name's ${show(b.icon_name)} is kept as icon`,
      );
    } else if (key === "caption" || key === "icon") out[key] = value;
    else if (key === "action") {
      const a = convertAction(value, formatPath([...at, key]), `${to}.action`, r);
      if (a) out.action = a;
    } else if (r.leftovers) put(out, key, value);
    else
      r.add(
        [...at, key],
        "dropped",
        `not a field of a v2 chat button; its value ${show(value)} was left out`,
      );
  }
  return out;
}

/** The old send body's button kinds (`sender_btn.action`) and the v2 action each became. */
const OLD_BUTTON_ACTIONS: Record<string, string> = {
  LINK: "open_server_link",
  DIRECT_LINK: "open_direct_link",
};

/**
 * One button of the old send body, `{action: "LINK" | "DIRECT_LINK", data: {caption, icon_name,
 * extra_data, direct_link}}`, as a one-button row of the new shape (migration guide 002). LINK
 * posted extra_data back to the app, as open_server_link does; DIRECT_LINK opened direct_link.
 * The button is kept whatever cannot be converted; what is missing is named in the report.
 */
function convertOldButton(value: Json, at: PathSegment[], target: string, r: Reporter): Json {
  const to = `${target}.rows[0].buttons[0]`;
  const data = isRecord(value.data) ? value.data : {};
  const button: Json = {};
  for (const key of Object.keys(value))
    if (key !== "action" && key !== "data")
      r.add(
        [...at, key],
        "dropped",
        `not part of an old chat button; its value ${show(value[key])} was left out`,
      );
  if (value.data !== undefined && !isRecord(value.data))
    r.add([...at, "data"], "dropped", `${show(value.data)} is not the old button's data; left out`);
  for (const [key, v] of Object.entries(data)) {
    const from = [...at, "data", key];
    if (key === "caption") button.caption = v;
    else if (key === "icon_name" && v !== ZERO_ICON && v !== "" && v !== null) {
      button.icon = v;
      r.add(from, "renamed", `became ${to}.icon, the live platform's name (icon_name is deprecated there)`);
    } else if (key === "icon_name")
      r.add(
        from,
        "dropped",
        `${show(v)} means "no icon" (the unset value of the old SDK); left out of ${to}`,
      );
    else if (key !== "extra_data" && key !== "direct_link")
      r.add(from, "dropped", `not part of a chat button; its value ${show(v)} was left out`);
  }
  const kind =
    typeof value.action === "string" ? own(OLD_BUTTON_ACTIONS, value.action.toUpperCase()) : undefined;
  const extra = data.extra_data;
  const link = data.direct_link;
  if (kind === "open_server_link") {
    const payload = isRecord(extra) ? extra : {};
    button.action = { open_server_link: { data: payload } };
    r.add(
      [...at, "action"],
      "converted",
      `${show(value.action)} became {"open_server_link": {"data": …}} at ${to}.action: the platform posts its data to the app's start address, as the old button did with extra_data`,
    );
    if (extra !== undefined && !isRecord(extra))
      r.add([...at, "data", "extra_data"], "dropped", `${show(extra)} is not an object of data; left out`);
    else if (extra === undefined)
      r.add(
        [...at, "data"],
        "unconvertible",
        `the old button has no extra_data: ${to}.action.open_server_link.data is empty; fill in what the app needs by hand`,
      );
    if (link !== undefined)
      r.add(
        [...at, "data", "direct_link"],
        "dropped",
        `a ${show(value.action)} button opens the app's server link, not an address; its direct_link ${show(link)} was left out (make the button open_direct_link by hand to open it)`,
      );
  } else if (kind === "open_direct_link" && typeof link === "string" && urlProblem(link) === undefined) {
    button.action = { open_direct_link: link };
    r.add(
      [...at, "action"],
      "converted",
      `${show(value.action)} became {"open_direct_link": ${show(link)}} at ${to}.action`,
    );
  } else {
    const why =
      kind === "open_direct_link"
        ? link === undefined
          ? "the old button has no direct_link"
          : `its direct_link ${show(link)} cannot be opened (${urlProblem(String(link)) ?? "not a string"})`
        : `the old action ${show(value.action)} has no v2 form`;
    r.add(
      [...at, "action"],
      "unconvertible",
      `${why}: ${to} was kept without an action; give it one by hand (for example {"open_direct_link": "https://…"})`,
    );
  }
  if (kind !== "open_server_link" && isRecord(extra) && Object.keys(extra).length > 0)
    r.add(
      [...at, "data", "extra_data"],
      "dropped",
      `only a server-link button sends data to the app; its extra_data ${show(extra)} was left out`,
    );
  if (typeof button.caption !== "string")
    r.add(
      [...at, "data", "caption"],
      "unconvertible",
      `the old button has no caption: write ${to}.caption by hand`,
    );
  r.add(at, "converted", `the old button became a one-button row, ${target}.rows[0]`);
  return { rows: [{ buttons: [orderKeys(button, ["action", "icon", "caption"])] }] };
}

/**
 * A v2 button grid without rows (`{}`, or `rows: null`): the OpenAPI's grid requires nothing, and
 * proto3 JSON leaves an empty list out. Not an old single button (no action, no data).
 */
export function isEmptyGrid(value: unknown): boolean {
  return (
    isRecord(value) &&
    (value.rows === undefined || value.rows === null) &&
    !("action" in value) &&
    !("data" in value)
  );
}

/** Old button sets are read as {rows: [{buttons}]}, a list of rows, or a flat list of buttons. */
export function convertButtonSet(
  value: unknown,
  at: PathSegment[],
  to: string,
  r: Reporter,
): Json | undefined {
  /** One row to convert: its buttons, each with the path it had in the input. */
  type Row = { buttons: Array<[unknown, PathSegment[]]>; at: PathSegment[] };
  const rows: Row[] = [];
  if (isRecord(value) && !Array.isArray(value.rows) && ("action" in value || "data" in value))
    return convertOldButton(value, at, to, r);
  const fromRows = (list: unknown[], listAt: PathSegment[]) => {
    list.forEach((row, i) => {
      const rowAt = [...listAt, i];
      if (!isRecord(row) || !Array.isArray(row.buttons)) {
        r.add(rowAt, "unconvertible", `${show(row)} is not a row of buttons; left out`);
        return;
      }
      for (const k of Object.keys(row))
        if (k !== "buttons")
          r.add([...rowAt, k], "dropped", `not part of a v2 row; its value ${show(row[k])} was left out`);
      rows.push({ buttons: row.buttons.map((b, j) => [b, [...rowAt, "buttons", j]]), at: rowAt });
    });
  };
  if (isEmptyGrid(value)) return { rows: [] };
  if (isRecord(value) && Array.isArray(value.rows)) {
    for (const k of Object.keys(value))
      if (k !== "rows")
        r.add([...at, k], "dropped", `not part of a v2 button set; its value ${show(value[k])} was left out`);
    fromRows(value.rows, [...at, "rows"]);
  } else if (Array.isArray(value) && value.every((x) => isRecord(x) && Array.isArray(x.buttons))) {
    fromRows(value, at);
  } else if (Array.isArray(value)) {
    // A flat list: lay it out as the app does, 3 to a row.
    for (let i = 0; i < value.length; i += 3)
      rows.push({
        buttons: value.slice(i, i + 3).map((b, j) => [b, [...at, i + j]]),
        at,
      });
    r.add(at, "converted", "a flat list of buttons became rows of at most 3 buttons");
  } else {
    r.add(at, "unconvertible", `${show(value)} is not a set of buttons; left out`);
    return undefined;
  }
  const outRows: Json[] = [];
  for (const row of rows) {
    const out: Json[] = [];
    for (const [b, bAt] of row.buttons) {
      const c = convertButton(b, bAt, `${to}.rows[${outRows.length}].buttons[${out.length}]`, r);
      if (c) out.push(c);
    }
    if (out.length) outRows.push({ buttons: out });
  }
  return { rows: outRows };
}
