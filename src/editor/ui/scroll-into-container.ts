/**
 * Scrolls `container` (only it, never the page) so `el` is inside it, with a small margin, and above
 * the bottom `coveredBelow` pixels (a card that stays at the container's foot).
 * Element.scrollIntoView would also scroll the window, which jumps the page in the narrow layout
 * where the preview sits below the columns, and knows nothing of what covers the container.
 */
export function scrollIntoContainer(el: Element, container: Element, margin = 8, coveredBelow = 0): void {
  if (container.scrollHeight <= container.clientHeight) return;
  const box = container.getBoundingClientRect();
  const bottom = box.bottom - coveredBelow;
  const r = el.getBoundingClientRect();
  if (r.top < box.top) container.scrollTop -= box.top - r.top + margin;
  else if (r.bottom > bottom) {
    // A row taller than the box shows its top.
    const by = Math.min(r.bottom - bottom + margin, r.top - box.top - margin);
    container.scrollTop += by;
  }
}
