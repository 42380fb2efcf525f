import type { ReactNode } from "react";
import type { FieldDescriptor } from "../../platform/fields";
import { isRecord } from "../../platform/json";
import type { PathSegment } from "../../platform/problems";
import { fieldId } from "../store/selectors";
import { describedBy } from "../ui/field-shell";
import { ActionField } from "./controls/action-field";
import { BooleanField } from "./controls/boolean-field";
import { ColorField } from "./controls/color-field";
import type { ControlKind, ControlMap, ControlProps } from "./controls/control";
import { GroupField } from "./controls/group-field";
import { IconField } from "./controls/icon-field";
import { ImageField } from "./controls/image-field";
import { ListField } from "./controls/list-field";
import { PercentageField } from "./controls/percentage-field";
import { TextField } from "./controls/text-field";
import { useForm } from "./form-context";

/** The component for each control kind a field descriptor's `ui` names. */
const CONTROLS: ControlMap = {
  text: TextField,
  boolean: BooleanField,
  percentage: PercentageField,
  color: ColorField,
  icon: IconField,
  image: ImageField,
  action: ActionField,
  list: ListField,
  group: GroupField,
};

// TypeScript cannot relate `CONTROLS[ui.ui]` to the narrowed `ui`; the map's type ties them.
function controlFor<K extends ControlKind>(kind: K): (props: ControlProps<K>) => ReactNode {
  return CONTROLS[kind];
}

function renderField(field: FieldDescriptor, parent: readonly PathSegment[], owner: unknown): ReactNode {
  return <FieldEditor field={field} parent={parent} owner={owner} />;
}

/** The generated control for one field of the edited object, chosen by its descriptor's `ui`. */
export function FieldEditor(props: {
  field: FieldDescriptor;
  parent: readonly PathSegment[];
  /** The object holding the field: its value is `owner[field.key]`. */
  owner: unknown;
}) {
  const { field } = props;
  const form = useForm();
  const path = [...props.parent, field.key];
  const abs = [...form.prefix, ...path];
  const id = fieldId(abs);
  const problems = form.problemsAt(abs);
  const ui = field.ui;
  const help = "help" in ui ? ui.help : undefined;
  const Control = controlFor(ui.ui);
  return (
    <Control
      field={field}
      ui={ui}
      path={path}
      value={isRecord(props.owner) ? props.owner[field.key] : undefined}
      owner={props.owner}
      id={id}
      problems={problems}
      help={help}
      describedBy={describedBy(id, Boolean(help), problems)}
      form={form}
      renderField={renderField}
    />
  );
}
