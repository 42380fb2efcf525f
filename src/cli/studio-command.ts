import { parse, UsageError } from "./args";
import type { CliIo } from "./main";
import { STUDIO_USAGE } from "./usage";

function port(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new UsageError(`${name} must be a port number from 1 to 65535; got "${value}"`, STUDIO_USAGE);
  return String(n);
}

/**
 * `addon-studio studio`: the editor, the proxy and the embedded emulator, as `npm start` runs them.
 * Options override the environment variables of the same meaning (PORT, HOST, EMULATOR_PORT, DATA_DIR).
 */
export async function studioCommand(
  args: string[],
  io: CliIo,
  env: Record<string, string | undefined>,
): Promise<number> {
  const { values, positionals } = parse(args, STUDIO_USAGE, ["port", "host", "emulator-port", "data-dir"]);
  if (values.help) {
    io.stdout(`${STUDIO_USAGE}\n`);
    return 0;
  }
  if (positionals.length)
    throw new UsageError(`studio takes no file, but got ${positionals.join(" ")}`, STUDIO_USAGE);
  const overrides: Record<string, string> = {};
  const p = port("--port", values.port);
  if (p) overrides.PORT = p;
  const e = port("--emulator-port", values["emulator-port"]);
  if (e) overrides.EMULATOR_PORT = e;
  // Two servers cannot share a port: said here, before the second one's bind fails as "in use".
  if (p !== undefined && p === e)
    throw new UsageError(
      `--port and --emulator-port are both ${p}: the studio and its emulator need two different ports; change one of them`,
      STUDIO_USAGE,
    );
  if (values.host !== undefined) {
    // An unset variable in quotes (`--host "$HOST"`): the default (this machine only) would be used
    // without a word, when another address was meant.
    if (values.host.trim() === "")
      throw new UsageError(
        "--host must name an address to listen on, e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (other machines too)",
        STUDIO_USAGE,
      );
    overrides.HOST = values.host;
  }
  if (values["data-dir"] !== undefined) {
    if (values["data-dir"].trim() === "")
      throw new UsageError("--data-dir must name a folder, e.g. --data-dir ./studio-data", STUDIO_USAGE);
    overrides.DATA_DIR = values["data-dir"];
  }
  // Loaded only here: the server, React and the emulator are not needed to validate a file.
  const { runStudioUntilStopped } = await import("../server/start-studio");
  return runStudioUntilStopped({
    env: { ...env, ...overrides },
    log: (line) => io.stdout(`${line}\n`),
    error: (line) => io.stderr(`addon-studio studio: ${line}\n`),
  });
}
