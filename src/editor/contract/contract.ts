import { validateBody, validateWidget } from "../../platform/validate";
import { NO_WIDGETS_MESSAGE } from "../../platform/validate/warnings";
import { type Contract, provideContract } from "./contract-gate";

// The platform's contract as the editor's selectors use it. Evaluating this module (in the chunk
// loaded after the first paint, or statically with a JSON import or share link) hands it to the gate.
const contract: Contract = { validateBody, validateWidget, NO_WIDGETS_MESSAGE };
provideContract(contract);

export default contract;
