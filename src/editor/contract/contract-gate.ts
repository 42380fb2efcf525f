import type { validateBody, validateWidget } from "../../platform/validate";
import { lazyModule } from "../ui/lazy-module";

/** What the editor needs of the contract (zod schemas, validation), loaded after the first paint. */
export interface Contract {
  validateBody: typeof validateBody;
  validateWidget: typeof validateWidget;
  NO_WIDGETS_MESSAGE: string;
  /** A widget without the nulls on its optional fields: nothing the studio exports carries one. */
  exportWidget: (widget: object) => object;
  /** A body without the nulls on its optional fields outside `widgets`. */
  exportFields: (kind: "post" | "user", body: Record<string, unknown>) => Record<string, unknown>;
}

// The contract (zod and every schema, ~30 KB gzip) is not needed to draw an empty editor or add a
// widget from the palette: the first paint goes without it, and it loads right after. Until it is
// here, validation is "pending" (the Problems tab says it is checking; no count is shown).
const contract = lazyModule<Contract>(() => import("./contract").then((m) => m.default));

/** The contract, or null while it is loading. */
export const loadedContract = contract.get;
/** Called by the contract's module when it is evaluated. */
export const provideContract = contract.provide;
/** Loads the contract's chunk (once; a failed fetch is tried again at the next call). */
export const loadContract = contract.load;
/** Calls `listener` when the contract arrives; returns the unsubscribe. */
export const subscribeContract = contract.subscribe;
/** The contract in a component, drawn anew when it arrives. */
export const useContract = contract.use;
