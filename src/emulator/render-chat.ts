import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ChatBubblePreview, ChatButtonRows } from "../preview/chat-bubble-preview";
import type { ButtonView } from "./state";

/** What the conversation page needs to draw one message from the app. */
export interface ChatMessageView {
  text: string;
  appName: string;
  /** "HH:MM" */
  time: string;
  receiverButtons: ButtonView[][];
  senderButtons: ButtonView[][];
  /** Where the form that presses one button posts, and its hidden fields. */
  pressForm: (
    side: "sender" | "receiver",
    row: number,
    index: number,
  ) => { action: string; fields: Record<string, string> };
}

function rowsOf(rows: ButtonView[][]) {
  return rows.map((row) => ({ buttons: row.map((b) => ({ caption: b.caption, icon: b.icon })) }));
}

/** Wraps a drawn button in the form that presses it, so the page works without scripts. */
function pressable(view: ChatMessageView, side: "sender" | "receiver") {
  return (drawn: ReactNode, row: number, index: number) => {
    const { action, fields } = view.pressForm(side, row, index);
    return createElement(
      "form",
      { method: "post", action, className: "pv-chat-form" },
      ...Object.entries(fields).map(([name, value]) =>
        createElement("input", { key: name, type: "hidden", name, value }),
      ),
      createElement("button", { key: "press", type: "submit", className: "pv-chat-press" }, drawn),
    );
  };
}

// Each side's part is a labelled group; the visible caption repeats the label for sighted users.
const RECEIVER_LABEL = "Buttons the buyer (receiver) sees";
const SENDER_LABEL = "Buttons the seller (sender) sees";
const NO_RECEIVER_BUTTONS_LABEL = "As the buyer (receiver) sees it, without buttons";

/**
 * A message from the app on the emulator's conversation page, drawn by the studio's own chat preview:
 * the bubble as the buyer (receiver) sees it with their buttons, then the seller's (sender's) buttons.
 */
export function renderAppMessage(view: ChatMessageView): string {
  const bubble = renderToStaticMarkup(
    createElement(ChatBubblePreview, {
      message: view.text,
      appName: view.appName,
      side: "receiver",
      theme: "light",
      time: view.time,
      buttons: { rows: rowsOf(view.receiverButtons) },
      wrapButton: pressable(view, "receiver"),
    }),
  );
  // A message without buyer buttons is still the buyer's bubble: the label says so, not "Buttons ... sees".
  const label = view.receiverButtons.length > 0 ? RECEIVER_LABEL : NO_RECEIVER_BUTTONS_LABEL;
  const receiver = `<div class="side" lang="en" dir="ltr" aria-hidden="true">${label}</div><div role="group" aria-label="${label}">${bubble}</div>`;
  if (view.senderButtons.length === 0) return receiver;
  const sender = renderToStaticMarkup(
    createElement(
      "div",
      { className: "pv-root", "data-theme": "light" },
      createElement(
        "section",
        { className: "pv-chat pv-chat-sender-buttons", dir: "rtl", lang: "fa" },
        createElement(
          "div",
          { className: "pv-chat-message" },
          createElement(ChatButtonRows, {
            rows: rowsOf(view.senderButtons),
            wrapButton: pressable(view, "sender"),
          }),
        ),
      ),
    ),
  );
  return `${receiver}<div class="side" lang="en" dir="ltr" aria-hidden="true">${SENDER_LABEL}</div><div role="group" aria-label="${SENDER_LABEL}">${sender}</div>`;
}
