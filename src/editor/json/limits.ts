/**
 * The most widgets an import (a file, a paste, a share link) may bring. Measured in Chromium: 500
 * widgets edit smoothly, 2,000 take ~0.5 s per structural edit, 5,000 freeze the tab for tens of
 * seconds on each edit. Its own module: the header's Share reads it without the import's code.
 */
export const MAX_IMPORT_WIDGETS = 2000;
