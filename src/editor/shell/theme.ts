/** The editor's colour theme. */
export type Theme = "light" | "dark";

/** Where the chosen theme is remembered. */
export const THEME_KEY = "addon-studio:theme";

/** The remembered theme, else the system preference. */
export function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === "light" || saved === "dark") return saved;
  } catch {
    // Storage can be unavailable (private mode); the system preference is used instead.
  }
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}
