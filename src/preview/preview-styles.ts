// The preview's styles and its bundled font. Imported once by the browser app (never by modules the
// emulator renders on the server, since Node cannot import CSS). The font files come from the
// package, never a CDN.
import "@fontsource/vazirmatn/400.css";
import "@fontsource/vazirmatn/700.css";
import "./preview.css";
