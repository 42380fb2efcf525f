// The inline script of the built index.html (scripts/prerender-page.mjs builds it on its own).
import { runEarlyShell } from "./early-shell";

runEarlyShell(window);
