// Warnings of buttons (never blocking): a button with no action (button_bar, a chat button), and a
// chat message's buttons across both sides, the app's 3 by 3 layout and the deprecated icon_name.
// Split from warnings.ts, which runs them.
import { CHAT_GRID, CHAT_MAX_BUTTONS } from "../bodies";
import { isRecord } from "../json";
import { type PathSegment, type Problem, problem } from "../problems";

/** A button (button_bar, a chat button) with no action: optional in the live OpenAPI, but inert. */
export function noActionWarning(path: PathSegment[]): Problem {
  return problem(
    path,
    "has no action: pressing this button does nothing (the live platform allows it): add an action",
    "warning",
    "no_action",
  );
}

/** Buttons of one side of a chat message (a set the schema refuses counts as none). */
function buttonCount(set: unknown): number {
  if (!isRecord(set) || !Array.isArray(set.rows)) return 0;
  return set.rows.reduce<number>(
    (n, row) => n + (isRecord(row) && Array.isArray(row.buttons) ? row.buttons.length : 0),
    0,
  );
}

export function chatWarnings(json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  // The spec says "up to 9" buttons after each message (section 8), the facts "at most 9 per
  // message"; the OpenAPI sets no limit. Each side is held to 9 (an error); both together past 9 are
  // said, since a platform counting per message refuses them.
  const sender = buttonCount(json.sender_buttons);
  const receiver = buttonCount(json.receiver_buttons);
  if (sender <= CHAT_MAX_BUTTONS && receiver <= CHAT_MAX_BUTTONS && sender + receiver > CHAT_MAX_BUTTONS)
    out.push(
      problem(
        [],
        `has ${sender + receiver} buttons (${sender} for the sender, ${receiver} for the receiver); the spec allows up to ${CHAT_MAX_BUTTONS} after each message, so a platform counting both sides together refuses it: keep ${CHAT_MAX_BUTTONS} in all to be safe`,
        "warning",
        "chat_buttons_per_message",
      ),
    );
  for (const side of ["sender_buttons", "receiver_buttons"] as const) {
    const set = json[side];
    if (!isRecord(set) || !Array.isArray(set.rows)) continue;
    set.rows.forEach((row, r) => {
      if (!isRecord(row) || !Array.isArray(row.buttons)) return;
      row.buttons.forEach((b, i) => {
        if (!isRecord(b)) return;
        const at = [side, "rows", r, "buttons", i];
        if (b.action === undefined) out.push(noActionWarning(at));
        // Both spellings at once is an error of the schema's own (bodies.ts), not a rename.
        if (b.icon_name !== undefined && b.icon === undefined)
          out.push(
            problem(
              [...at, "icon_name"],
              "is the spec's name for a button's icon, which the live platform marks deprecated: rename it to icon (addon-studio migrate does)",
              "warning",
              "old_spelling",
              "icon",
            ),
          );
      });
    });
    if (set.rows.length > CHAT_GRID)
      out.push(
        problem(
          [side, "rows"],
          `has ${set.rows.length} rows; the app lays buttons out in at most ${CHAT_GRID} rows of ${CHAT_GRID}, so the rest may not show as you expect`,
          "warning",
          "chat_grid",
        ),
      );
    set.rows.forEach((row, r) => {
      if (isRecord(row) && Array.isArray(row.buttons) && row.buttons.length > CHAT_GRID)
        out.push(
          problem(
            [side, "rows", r, "buttons"],
            `has ${row.buttons.length} buttons; the app shows at most ${CHAT_GRID} in a row: move the rest to another row`,
            "warning",
            "chat_grid",
          ),
        );
    });
  }
  return out;
}
