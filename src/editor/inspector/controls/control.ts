import type { ReactNode } from "react";
import type { FieldDescriptor, FieldUi } from "../../../platform/fields";
import type { PathSegment, Problem } from "../../../platform/problems";
import type { FormApi } from "../form-context";

/** A control kind, as a field descriptor's `ui` names it. */
export type ControlKind = FieldUi["ui"];

/** What every control gets from the field editor. */
export interface ControlProps<K extends ControlKind> {
  field: FieldDescriptor;
  ui: Extract<FieldUi, { ui: K }>;
  /** The field's path relative to the edited object. */
  path: readonly PathSegment[];
  value: unknown;
  /** The object the field belongs to (its siblings' values), when there is one. */
  owner: unknown;
  id: string;
  problems: readonly Problem[];
  help: string | undefined;
  describedBy: string | undefined;
  form: FormApi;
  /** Draws a nested field (a group's, a list item's) with the field editor, without importing it. */
  renderField: (field: FieldDescriptor, parent: readonly PathSegment[], owner: unknown) => ReactNode;
}

/** One component per control kind: a missing kind does not compile. */
export type ControlMap = { [K in ControlKind]: (props: ControlProps<K>) => ReactNode };

/** True when a problem is an error (warnings do not mark a control invalid). */
export function hasError(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === "error");
}

/** The four props every labelled control passes to its FieldShell as they are. */
export function shellOf<K extends ControlKind>(p: ControlProps<K>) {
  return { id: p.id, label: p.ui.label, required: p.field.required, problems: p.problems };
}

/** What the percentage and icon controls share: the labelled field and its typed value's callbacks. */
export type InputProps<V, T> = {
  id: string;
  label: string;
  required: boolean;
  value: V;
  problems: readonly Problem[];
  describedBy: string | undefined;
  onChange: (value: T, typing: boolean) => void;
  onBlur: () => void;
};
