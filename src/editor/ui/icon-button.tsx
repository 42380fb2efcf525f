import type { ButtonHTMLAttributes } from "react";
import { ChromeIcon, type ChromeIconName } from "./icons";

/**
 * A square button showing one chrome icon. Its accessible name is `label`; the tooltip is `title`
 * (a longer hint, e.g. with the shortcut) or, without one, the label itself, so every icon says
 * what it does on hover too.
 */
export function IconButton(
  props: {
    icon: ChromeIconName;
    label: string;
    danger?: boolean;
  } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "aria-label" | "children">,
) {
  const { icon, label, danger, title, ...rest } = props;
  return (
    <button
      type="button"
      className={danger ? "icon-button is-danger" : "icon-button"}
      aria-label={label}
      title={title ?? label}
      {...rest}
    >
      <ChromeIcon name={icon} />
    </button>
  );
}
