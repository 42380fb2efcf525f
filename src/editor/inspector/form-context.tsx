import { createContext, useContext } from "react";
import type { PathSegment, Problem } from "../../platform";

/** What generated fields need from the form they sit in. */
export interface FormApi {
  /** Where the edited object sits in the body, e.g. ["widgets", 3]. */
  prefix: readonly PathSegment[];
  /** Problems whose path is exactly `path` (a body path). */
  problemsAt: (path: readonly PathSegment[]) => readonly Problem[];
  /** Sets the value at `path` relative to the edited object; `undefined` removes it. */
  set: (path: readonly PathSegment[], value: unknown, typing?: boolean) => void;
  /** Renames the key at `path` relative to the edited object to `to`, keeping its value and place. */
  rename?: (path: readonly PathSegment[], to: string) => void;
  /** Ends the typing step (on blur), so the next edit is a new undo step. */
  endTyping: () => void;
  /** The post token from the address bar, offered for post-page actions. */
  postToken: string | null;
}

const FormContext = createContext<FormApi | null>(null);

export const FormProvider = FormContext.Provider;

/** The form the field is in. */
export function useForm(): FormApi {
  const api = useContext(FormContext);
  if (!api) throw new Error("generated fields must be inside a FormProvider");
  return api;
}
