import { createContext, type ReactNode, useContext, useState } from "react";
import { useStore } from "zustand";
import { createEditorStore, type EditorState, type EditorStore } from "./editor-store";

const EditorStoreContext = createContext<EditorStore | null>(null);

/** Hands an editor store down the tree (a fresh one when none is given). */
export function EditorStoreProvider(props: { store?: EditorStore; children: ReactNode }) {
  const [store] = useState(() => props.store ?? createEditorStore());
  return <EditorStoreContext.Provider value={store}>{props.children}</EditorStoreContext.Provider>;
}

/** The store itself, for event handlers that read state without subscribing. */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorStoreProvider>");
  return store;
}

/** Subscribes to a slice of the editor state; re-renders only when the slice changes. */
export function useEditorStore<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStoreApi(), selector);
}
