import { BODY_SCHEMAS } from "../../platform/bodies";
import { isRecord } from "../../platform/json";
import { validateBody, validateWidget } from "../../platform/validate";
import { withoutNulls } from "../../platform/validate/nulls";
import { NO_WIDGETS_MESSAGE } from "../../platform/validate/warnings";
import { widgetSchema } from "../../platform/widgets";
import { type Contract, provideContract } from "./contract-gate";

/** `widget` without the nulls on its optional fields (the rule validation and migration use). */
function exportWidget(widget: object): object {
  const out = withoutNulls(widgetSchema, widget, [], []);
  return isRecord(out) ? out : widget;
}

/** `body` without the nulls on its optional fields outside the widgets (each widget is done alone). */
function exportFields(kind: "post" | "user", body: Record<string, unknown>): Record<string, unknown> {
  const { widgets, ...fields } = body;
  const out = withoutNulls(BODY_SCHEMAS[kind], fields, [], []);
  return out === fields || !isRecord(out) ? body : { widgets, ...out };
}

// The platform's contract as the editor's selectors use it. Evaluating this module (in the chunk
// loaded after the first paint, or statically with a JSON import or share link) hands it to the gate.
const contract: Contract = { validateBody, validateWidget, NO_WIDGETS_MESSAGE, exportWidget, exportFields };
provideContract(contract);

export default contract;
