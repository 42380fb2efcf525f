// The drag-and-drop code (dnd-kit and our sensor) in one chunk, loaded after the first paint by
// `loadDragKit` (lazy-drag.tsx): the list, palette and chat grid work by click and keys without it.
export {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  useDndMonitor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
export {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
export { CSS } from "@dnd-kit/utilities";
export { ListPointerSensor } from "./pointer-sensor";
