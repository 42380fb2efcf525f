/** Where the output panel's dragged height is remembered (pixels of its body). */
export const OUTPUT_HEIGHT_KEY = "addon-studio:output-height";

/** The preview keeps at least this much of the stage (its head and a useful phone) under any output height. */
export const PREVIEW_MIN = 300;

/** The output panel's height remembered in `storage`, or null (each tab's own default). */
export function outputHeightIn(storage: Pick<Storage, "getItem">): number | null {
  const n = Number(storage.getItem(OUTPUT_HEIGHT_KEY));
  return Number.isFinite(n) && n >= 80 ? Math.round(n) : null;
}

/** The height the user last dragged the output panel to, or null (each tab's own default). */
export function rememberedOutputHeight(): number | null {
  try {
    return outputHeightIn(localStorage);
  } catch {
    // Storage can be unavailable (private mode): the panel takes its default height.
    return null;
  }
}

/** Remembers (or forgets, with null) the output panel's height for the next visit. */
export function rememberOutputHeight(height: number | null): void {
  try {
    if (height === null) localStorage.removeItem(OUTPUT_HEIGHT_KEY);
    else localStorage.setItem(OUTPUT_HEIGHT_KEY, String(height));
  } catch {
    // Not remembering the height is harmless.
  }
}
