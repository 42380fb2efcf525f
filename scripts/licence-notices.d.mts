// Types of scripts/licence-notices.mjs, for vite.config.ts and tsdown.config.ts.
import type { Plugin } from "vite";

/** A Vite / rolldown plugin writing the licences of the third-party packages a build bundled. */
export function licenceNotices(opts?: { fileName?: string; extra?: string[] }): Plugin;
/** The notices of the packages in these folders. */
export function noticesText(dirs: string[]): string;
