// Every widget folder's own preview.css (see preview-styles.ts). In a module of its own, imported
// after the shared stylesheet: an eager glob's imports are hoisted above the module's other imports,
// so written beside `import "./preview.css"` the widgets' rules came first in the bundle and the
// shared `.pv-widget` padding overrode theirs (an event row's divider was never drawn).
import.meta.glob("../widgets/*/preview.css", { eager: true });
