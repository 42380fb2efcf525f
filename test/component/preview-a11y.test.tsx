// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import { newWidget, WIDGET_KINDS } from "../../src/platform";
import { AddonPreview } from "../../src/preview/addon-preview";
import { ChatBubblePreview } from "../../src/preview/chat-bubble-preview";

afterEach(cleanup);

async function violations(container: HTMLElement): Promise<string[]> {
  // Colour contrast needs real layout, which jsdom does not have; the browser tests cover it.
  const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("preview accessibility", () => {
  it("has no axe violations with every widget kind, selectable", async () => {
    const { container } = render(
      <AddonPreview
        widgets={WIDGET_KINDS.map(newWidget)}
        theme="light"
        selectedIndex={0}
        onSelect={() => {}}
        onThemeChange={() => {}}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });

  it("has no axe violations in a chat bubble with buttons", async () => {
    const { container } = render(
      <ChatBubblePreview
        message="سلام"
        appName="demo"
        side="sender"
        theme="dark"
        buttons={{ rows: [{ buttons: [{ caption: "مشاهده", icon_name: "INFO" }] }] }}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });
});
