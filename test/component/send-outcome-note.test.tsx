// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { SendOutcomeView } from "../../src/editor/proxy/send-outcome-view";
import { fakeFetch } from "../helpers/fake-fetch";
import { json } from "../helpers/flow-env";

afterEach(cleanup);

const NOTE =
  "The platform accepted it (HTTP 200), but its answer is not JSON. It was not sent again. The platform did not return the new add-on's id, so the studio cannot offer to remove it later; remove it on the platform if needed.";

describe("a delivery whose answer could not be read (review defect 1)", () => {
  it("is shown as a success with the proxy's note, not as an error", () => {
    render(
      <SendOutcomeView
        waitLeft={undefined}
        outcome={{ status: "success", published: { ok: true, result: null, answerNote: NOTE } }}
        successText="Published to the user u-1."
      />,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Published to the user u-1.");
    expect(status.textContent).toContain("cannot offer to remove it later");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a 2xx from the proxy that does not match docs/api.md is a success with a note, never 'Try again'", async () => {
    const client = createProxyClient({ fetch: fakeFetch(() => json(200, { ok: "yes" })) });
    const out = await client.publishUser({ divarUserId: "u-1" }, { widgets: [] }, "/");
    expect(out).toMatchObject({
      ok: true,
      value: { ok: true, answerNote: expect.stringContaining("Do not send it again") },
    });
    // The proxy's own note, when its answer is readable, is what the editor shows.
    const noted = createProxyClient({
      fetch: fakeFetch(() => json(200, { ok: true, result: null, answerNote: NOTE })),
    });
    const sent = await noted.sendMessage("conv-1", { type: "TEXT", message: "salam" }, "/");
    expect(sent).toMatchObject({ ok: true, value: { answerNote: NOTE } });
  });
});
