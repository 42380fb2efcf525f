// The migration report: its types, the reporter the walk writes into, and how the CLI prints a line.
import { formatPath, type PathSegment } from "../problems";

/** What a migration produced: the kind of body it recognised. */
export type MigrationKind = "post" | "user" | "semantic" | "chat" | "subscription" | "event";

/** One line of the migration report. `path` is where the field was in the input. */
export interface MigrationChange {
  path: string;
  change: "renamed" | "moved" | "dropped" | "converted" | "unconvertible";
  message: string;
}

/**
 * A recognised body, converted from v1, or a v2 body with its v1 leftovers and old spellings
 * converted (`from: "v2"`, with a report), or a v2 body passed through unchanged (an empty report).
 */
export interface MigrationSuccess {
  ok: true;
  kind: MigrationKind;
  body: Record<string, unknown>;
  report: MigrationChange[];
  from: "v1" | "v2";
}

/** The input is neither a v1 nor a v2 body. */
export interface MigrationFailure {
  ok: false;
  message: string;
}

export type MigrationResult = MigrationSuccess | MigrationFailure;

/** Options: `kind` decides between post and user add-on when the body does not say. */
export interface MigrateOptions {
  kind?: "post" | "user";
}

export class Reporter {
  readonly lines: MigrationChange[] = [];
  /**
   * True while walking a v2 widget or body for v1 leftovers: unknown keys and invalid values that
   * are not v1 leftovers stay as written (validation names them), and v1-only checks are skipped.
   */
  leftovers = false;
  add(path: readonly PathSegment[], change: MigrationChange["change"], message: string): void {
    this.lines.push({ path: formatPath(path), change, message });
  }
  /** As `add`, with the path already formatted ("" for the root). */
  addAt(path: string, change: MigrationChange["change"], message: string): void {
    this.lines.push({ path: path === "" ? "(root)" : path, change, message });
  }
}

/** One report line as the CLI prints it: `<path>: <change>: <message>`. */
export function formatChange(c: MigrationChange): string {
  return `${c.path}: ${c.change}: ${c.message}`;
}
