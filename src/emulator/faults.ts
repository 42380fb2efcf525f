import * as z from "zod";

/** A fault to inject into the emulator's answers (tests and demos of failure handling). */
export const faultSchema = z.strictObject({
  /** HTTP status to answer with; omit for a slow but otherwise normal answer. */
  status: z.number().int().min(400).max(599).optional(),
  /** Delay before answering, in milliseconds. */
  delayMs: z.number().int().min(0).max(60_000).default(0),
  /** How many requests it applies to; later ones get normal answers. */
  count: z.number().int().min(1).default(1),
  /** Only requests whose path starts with this; default all API and token requests. */
  pathPrefix: z.string().startsWith("/").optional(),
  /** Retry-After seconds sent with a 429. */
  retryAfter: z.number().int().min(0).optional(),
  /**
   * Closes the connection without an answer once the request has arrived, as a platform that went
   * away mid-request (stopped, crashed, a reset): nothing is applied. Overrides `status`.
   */
  drop: z.boolean().default(false),
});
export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema>;

/** The queue of injected faults. */
export interface Faults {
  inject(fault: FaultInput): void;
  clear(): void;
  /** Takes the first fault matching this path, counting it down. */
  take(path: string): Fault | undefined;
  list(): Fault[];
}

/** Creates an empty fault queue. */
export function createFaults(): Faults {
  let faults: Fault[] = [];
  return {
    inject(input) {
      faults.push(faultSchema.parse(input));
    },
    clear() {
      faults = [];
    },
    take(path) {
      const f = faults.find((x) => x.pathPrefix === undefined || path.startsWith(x.pathPrefix));
      if (!f) return undefined;
      f.count -= 1;
      if (f.count <= 0) faults = faults.filter((x) => x !== f);
      return { ...f };
    },
    list() {
      return faults.map((f) => ({ ...f }));
    },
  };
}
