import "@fontsource/vazirmatn/400.css";
import "@fontsource/vazirmatn/700.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { bootEditor } from "./boot";
import { MemoryStorage, usableLocalStorage } from "./drafts/memory-storage";

const root = document.getElementById("root");
if (root) {
  const local = usableLocalStorage();
  const { store, session } = bootEditor({
    location: window.location,
    storage: local ?? new MemoryStorage(),
    channel: typeof BroadcastChannel === "function" ? new BroadcastChannel("addon-studio-drafts") : null,
    target: window,
    clearHash: () => history.replaceState(null, "", window.location.pathname + window.location.search),
  });
  if (!local)
    session.setNotice({
      tone: "error",
      text: "This browser does not let the studio use its storage, so drafts will not survive a reload. Download the JSON to keep your work.",
    });
  createRoot(root).render(
    <StrictMode>
      <App store={store} session={session} />
    </StrictMode>,
  );
}
