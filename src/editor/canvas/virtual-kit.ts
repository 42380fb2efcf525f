// TanStack Virtual, loaded when a list first grows long (virtual-rows.tsx): its own module so its
// chunk has a name (virtual-kit-*.js) that tests and the bench can recognise.
export {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  useVirtualizer,
} from "@tanstack/react-virtual";
