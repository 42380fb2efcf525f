// What the studio's start says about its own configuration, after the addresses it prints.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";
import { listensOnLoopback, plainHttpWarning } from "./loopback";

/** The start's warnings for `config`, each one line saying what to do (none for the default start). */
export function startAdvice(config: Config, emulatorHost: string): string[] {
  const lines: string[] = [];
  const plainHttp = plainHttpWarning(config.publicUrl);
  if (plainHttp) lines.push(plainHttp);
  if (config.mode === "emulator" && !listensOnLoopback(config.host))
    lines.push(
      `The emulator listens on ${emulatorHost} only: signing in and publishing to it work in a browser on this machine, at ${config.publicUrl}; other machines can edit, check and export, and publish once a platform is configured (PLATFORM_API_URL).`,
    );
  if (config.mode === "emulator" && config.store.kind === "postgres")
    lines.push(
      `This instance runs an emulator of its own, in its memory: other instances on the same DATABASE_URL cannot use sign-ins made through it. Start them with PLATFORM_API_URL and PLATFORM_AUTH_URL set to this emulator (${config.emulatorPort ? `http://${emulatorHost}:${config.emulatorPort}` : "its address, printed above"}) and the demo app's credentials (docs/server.md, "Trying it on the embedded emulator").`,
    );
  if (config.mode === "platform" && !config.studioUsers)
    lines.push(
      "STUDIO_USERS is not set: anyone who signs in here can remove a user's data (sent with the app's API key alone); on a studio others can reach, list the team's phone numbers in it.",
    );
  if (!existsSync(join(config.distDir, "index.html")))
    lines.push(
      `The editor is not built (no ${join(config.distDir, "index.html")}): run "npm run build" in the clone, or reinstall the package.`,
    );
  return lines;
}
