import type { Widget } from "../../platform";

/** Props of the add-on preview. */
export interface AddonPreviewProps {
  widgets: readonly Widget[];
  keys?: readonly string[];
  theme: "light" | "dark";
  selectedIndex?: number;
  onSelect?: (index: number) => void;
}

/** Placeholder: the right-to-left preview of an add-on's widgets (being built). */
export function AddonPreview(props: AddonPreviewProps) {
  return <div dir="rtl" data-theme={props.theme} aria-label="Add-on preview" />;
}
