/**
 * Addon Studio's platform contract: the open platform's v2 bodies as zod v4 schemas, their
 * types, validation with JSON paths, and v1 -> v2 migration. React-free; import it in Node or a browser.
 */

// First: an older zod is named before any schema is made with it.
import "./zod-guard";

export { isWidgetKind, modelOf, WIDGET_KINDS, WIDGET_MODELS, type WidgetKind } from "../widgets/registry";
export * from "./actions";
export * from "./bodies";
export * from "./colors";
export type { FieldDescriptor, FieldUi } from "./fields";
export * from "./icons";
export * from "./json-schema";
export * from "./migrate";
export * from "./problems";
export * from "./semantic";
export * from "./text";
export * from "./validate";
export * from "./widgets";
