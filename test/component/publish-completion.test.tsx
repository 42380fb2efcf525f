import { describe, expect, it } from "vitest";
import { trustedCompletionUrl } from "../../src/editor/publish/completion-url";
import { formatErrorMessage } from "../../src/platform/errors";

describe("the link back to the platform", () => {
  const configured = "https://open-platform-redirect.divar.ir/completion";

  it("uses the address's completion_url only on the configured origin", () => {
    expect(trustedCompletionUrl("https://open-platform-redirect.divar.ir/completion", configured)).toBe(
      configured,
    );
    expect(trustedCompletionUrl("https://evil.example/completion", configured)).toBe(configured);
    expect(trustedCompletionUrl("javascript:alert(1)", configured)).toBe(configured);
    expect(trustedCompletionUrl(null, configured)).toBe(configured);
  });

  it("offers none without a proxy that names one", () => {
    expect(trustedCompletionUrl("https://open-platform-redirect.divar.ir/completion", null)).toBeNull();
  });
});

describe("catalogue messages", () => {
  it("do not double the full stop of a detail", () => {
    expect(formatErrorMessage("upstream_unauthorized", { detail: "token expired." })).not.toMatch(/\.\./);
  });
});
