// The preview's styles and its bundled font. Imported once by the browser app (never by modules the
// emulator renders on the server, since Node cannot import CSS: so a widget's preview.tsx does not
// import its own preview.css; every widget folder's is picked up here). The font files come from
// the package, never a CDN.
import "@fontsource/vazirmatn/400.css";
import "@fontsource/vazirmatn/700.css";
import "./preview.css";
// After the shared rules, as the emulator's stylesheet has them (stylesheet.ts).
import "./widget-styles";
