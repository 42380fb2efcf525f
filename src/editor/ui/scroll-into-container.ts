/**
 * Scrolls the box that scrolls `el` inside `container` (the container itself, or a scrolling box
 * within it, such as the preview's phone screen), and never the page, so `el` is in view with a
 * small margin. Element.scrollIntoView would also scroll the window and jump the page.
 */
export function scrollIntoContainer(el: Element, container: Element, margin = 8): void {
  const box = scroller(el, container);
  if (!box) return;
  const view = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < view.top) box.scrollTop -= view.top - r.top + margin;
  else if (r.bottom > view.bottom) {
    // A row taller than the box shows its top.
    const by = Math.min(r.bottom - view.bottom + margin, r.top - view.top - margin);
    box.scrollTop += by;
  }
}

/** The nearest box from `el` up to `container` whose content overflows it, if any. */
function scroller(el: Element, container: Element): Element | null {
  if (container.contains(el))
    for (let p = el.parentElement; p && p !== container; p = p.parentElement)
      if (p.scrollHeight > p.clientHeight && scrolls(p)) return p;
  return container.scrollHeight > container.clientHeight ? container : null;
}

function scrolls(el: Element): boolean {
  const y = getComputedStyle(el).overflowY;
  return y === "auto" || y === "scroll";
}
