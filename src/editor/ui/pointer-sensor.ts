import { PointerSensor, type PointerSensorProps } from "@dnd-kit/core";

interface ListenerList {
  add(name: string, handler: (e: Event) => void, options?: AddEventListenerOptions): void;
}

function isListenerList(value: unknown): value is ListenerList {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "add") === "function";
}

/**
 * dnd-kit's pointer sensor (the widget list's and the chat grid's), except that the click it swallows after a drag is a pointer's click
 * only. dnd-kit stops every click for 50 ms after a drop (on a busy page: until its timer runs,
 * which input events overtake), so an Enter or Space on a button right after a drag did nothing
 * (issue 13, item 10). A keyboard's click has `detail` 0; the drop's own click never has.
 */
export class ListPointerSensor extends PointerSensor {
  constructor(props: PointerSensorProps) {
    super(props);
    // The sensor adds its click blocker through this private list when the drag starts.
    const listeners: unknown = Reflect.get(this, "documentListeners");
    if (!isListenerList(listeners)) return;
    const add = listeners.add.bind(listeners);
    listeners.add = (name, handler, options) =>
      add(
        name,
        name === "click"
          ? (e) => {
              if (!(e instanceof MouseEvent) || e.detail !== 0) handler(e);
            }
          : handler,
        options,
      );
  }
}
