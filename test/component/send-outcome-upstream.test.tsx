// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SendOutcomeView } from "../../src/editor/proxy/send-outcome-view";
import { formatErrorMessage } from "../../src/platform/errors";

afterEach(cleanup);

const SAID =
  "An injected fault answered this request (emulator fault injection). Clear the fault to get normal answers.";

function showError(detail: string, upstreamMessage: string) {
  render(
    <SendOutcomeView
      waitLeft={undefined}
      outcome={{
        status: "error",
        httpStatus: 502,
        error: {
          code: "upstream_server_error",
          message: formatErrorMessage("upstream_server_error", { detail, retryAfter: "a few" }),
          upstream: { code: 13, message: upstreamMessage, details: [] },
        },
      }}
      successText="Published."
    />,
  );
  return screen.getByRole("alert").textContent ?? "";
}

describe("the platform's own words in a failed send", () => {
  it("are not repeated under the message that already quotes them (without their closing stop)", () => {
    const text = showError(SAID.slice(0, -1), SAID);
    expect(text.split("An injected fault answered this request")).toHaveLength(2);
    expect(text).not.toContain("The platform said:");
  });

  it("are shown when the message does not quote them", () => {
    const text = showError("HTTP 500", SAID);
    expect(text).toContain(`The platform said: ${SAID}`);
  });
});

describe("a failed send that may have been delivered", () => {
  const shown = (
    code: "upstream_redirect" | "upstream_unexpected_status" | "upstream_bad_request",
    readOnly = false,
  ) => {
    render(
      <SendOutcomeView
        waitLeft={undefined}
        readOnly={readOnly}
        outcome={{
          status: "error",
          httpStatus: 502,
          error: { code, message: formatErrorMessage(code, { detail: "HTTP 302" }) },
        }}
        successText="Published."
      />,
    );
    const text = screen.getByRole("alert").textContent ?? "";
    cleanup();
    return text;
  };

  it("warns that pressing again may deliver it twice after a redirect or an unexpected status, not after a refusal", () => {
    const again = "Pressing the button again may deliver it a second time";
    expect(shown("upstream_redirect")).toContain(again);
    expect(shown("upstream_unexpected_status")).toContain(again);
    expect(shown("upstream_bad_request")).not.toContain(again);
    // A read (the user's phone numbers) delivers nothing.
    expect(shown("upstream_redirect", true)).not.toContain(again);
  });
});

describe("a failed send's heading", () => {
  const heading = (code: "upstream_outcome_unknown" | "upstream_rate_limited", message: string) => {
    render(
      <SendOutcomeView
        waitLeft={undefined}
        outcome={{ status: "error", error: { code, message } }}
        successText="Published."
      />,
    );
    const text = screen.getByRole("alert").querySelector("strong")?.textContent;
    cleanup();
    return text;
  };

  it("says the outcome is unknown, not that the platform failed, when the studio did not answer", () => {
    // The proxy client's words when the studio's connection broke (proxy-client.ts).
    expect(
      heading("upstream_outcome_unknown", "The studio did not answer: the connection to it failed."),
    ).toBe("outcome unknown");
    expect(heading("upstream_rate_limited", "Wait 90 seconds.")).toBe("upstream rate limited");
  });
});
