/**
 * The most widgets an import (a file, a paste, a share link) may bring: the document's own cap
 * (`MAX_WIDGETS`, store/document.ts), where adding stops too. Its own module: the header's Share reads
 * it without the import's code.
 */
export { MAX_WIDGETS as MAX_IMPORT_WIDGETS } from "../store/document";
