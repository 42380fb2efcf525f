import "@fontsource/vazirmatn/400.css";
import "@fontsource/vazirmatn/700.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { bootEditor } from "./boot";

const root = document.getElementById("root");
if (root) {
  const { store, session } = bootEditor({
    location: window.location,
    storage: window.localStorage,
    channel: typeof BroadcastChannel === "function" ? new BroadcastChannel("addon-studio-drafts") : null,
    target: window,
    clearHash: () => history.replaceState(null, "", window.location.pathname + window.location.search),
  });
  createRoot(root).render(
    <StrictMode>
      <App store={store} session={session} />
    </StrictMode>,
  );
}
