/** A file the page downloaded: the anchor's `download` name and the blob its address was made for. */
export interface Download {
  name: string;
  blob: Blob | undefined;
}

/**
 * Captures what the page downloads (a blob address clicked through an anchor, as download-text.ts
 * does) instead of leaving jsdom to navigate, until `restore()`.
 */
export function captureDownloads(): { downloads: Download[]; restore(): void } {
  const { createObjectURL, revokeObjectURL } = URL;
  const click = HTMLAnchorElement.prototype.click;
  const downloads: Download[] = [];
  let blob: Blob | undefined;
  URL.createObjectURL = (b: Blob | MediaSource) => {
    if (b instanceof Blob) blob = b;
    return "blob:test";
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob });
  };
  return {
    downloads,
    restore() {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      HTMLAnchorElement.prototype.click = click;
    },
  };
}
