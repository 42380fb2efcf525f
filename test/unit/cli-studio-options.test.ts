import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli";

// `addon-studio studio` options that are refused before anything starts (exit 2, nothing listens).
describe("studio: empty option values", () => {
  it('--host "" (an unset variable in quotes) is a usage error, not the default address without a word', async () => {
    // Were it accepted, the studio would start: on ports and in a folder of this test's own.
    const dataDir = join(tmpdir(), "addon-studio-never-created");
    const r = await cli([
      "studio",
      "-p",
      "5799",
      "--emulator-port",
      "5798",
      "--data-dir",
      dataDir,
      "--host",
      "",
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^addon-studio: --host must name an address to listen on, e\.g\. --host 127\.0\.0\.1 \(this machine only\) or --host 0\.0\.0\.0 \(other machines too\)\n\nUsage: addon-studio studio /,
    );
    expect(r.out).toBe("");
  });

  it('--data-dir "" and --port "" are usage errors too', async () => {
    expect((await cli(["studio", "--data-dir", " "])).code).toBe(2);
    expect((await cli(["studio", "--port", ""])).err).toMatch(
      /--port must be a port number from 1 to 65535; got ""/,
    );
  });
});
