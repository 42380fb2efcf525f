import { parse, plural, UsageError } from "./args";
import type { CliIo } from "./main";
import { STORE_USAGE } from "./usage";

/**
 * `addon-studio store copy`: moves the embedded store's data to PostgreSQL when a team outgrows one
 * instance (docs/server.md, "Moving to PostgreSQL"). Options win over DATA_DIR and DATABASE_URL.
 */
export async function storeCommand(
  args: string[],
  io: CliIo,
  env: Record<string, string | undefined>,
): Promise<number> {
  const { values, positionals } = parse(args, STORE_USAGE, ["data-dir", "to"]);
  if (values.help) {
    io.stdout(`${STORE_USAGE}\n`);
    return 0;
  }
  const [action, ...extra] = positionals;
  if (action !== "copy")
    throw new UsageError(
      action === undefined ? "store needs an action: copy" : `unknown store action "${action}": use copy`,
      STORE_USAGE,
    );
  if (extra.length) throw new UsageError(`store copy takes no file, but got ${extra.join(" ")}`, STORE_USAGE);
  const dataDir = values["data-dir"] ?? env.DATA_DIR ?? ".addon-studio";
  if (dataDir.trim() === "")
    throw new UsageError("--data-dir must name a folder, e.g. --data-dir .addon-studio", STORE_USAGE);
  // As loadConfig reads DATABASE_URL: a space pasted around the URL is not part of it.
  const url = (values.to ?? env.DATABASE_URL)?.trim();
  if (url === undefined || url.trim() === "")
    throw new UsageError(
      "say where to copy to: --to postgres://user:password@host:5432/database, or set DATABASE_URL",
      STORE_USAGE,
    );
  // Loaded only here, as the store below: the driver's own URL parser, so the check reads it as pg will.
  const { readPostgresUrl } = await import("../server/store/postgres-url");
  const read = readPostgresUrl(url, values.to !== undefined ? "--to" : "DATABASE_URL");
  if (!read.ok) throw new UsageError(read.problem, STORE_USAGE);
  // Loaded only here: PGlite and pg are not needed to validate a file.
  const { copyStore } = await import("../server/store/copy-store");
  const { StoreError } = await import("../server/store/store");
  try {
    // Messages name the option or variable each came from.
    const settings = {
      dataDir: values["data-dir"] !== undefined ? "--data-dir" : env.DATA_DIR !== undefined ? "DATA_DIR" : "",
      url: values.to !== undefined ? "--to" : "DATABASE_URL",
    };
    const n = await copyStore({ dataDir, url, settings });
    io.stdout(
      `Copied ${plural(n.publishes, "publish record")}, ${plural(n.events, "event")}, ${plural(n.revokedSessions + n.userRevocations, "sign-out")} and ${plural(n.heldSubscriptions, "held subscription")}.\nNow start the studio with DATABASE_URL set to that URL; ${dataDir} is unchanged (keep it until you have checked the history).\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    io.stderr(`addon-studio store copy: ${err.message}\n`);
    return 1;
  }
}
