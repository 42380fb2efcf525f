import { buttonBar } from "./button-bar/model";
import { descriptionRow } from "./description-row/model";
import { evaluationRow } from "./evaluation-row/model";
import { eventRow } from "./event-row/model";
import { groupInfoRow } from "./group-info-row/model";
import { imageCarouselRow } from "./image-carousel-row/model";
import { scoreRow } from "./score-row/model";
import { selectorRow } from "./selector-row/model";
import { subtitleRow } from "./subtitle-row/model";
import { titleRow } from "./title-row/model";

/**
 * Every widget model, in palette order: the registry. Adding a widget: one folder, one line here, one
 * in `metas.ts` and one in `views.ts`. Lookups derived from it are in `registry.ts` (so a test can register an extra
 * widget by replacing this list for its own file: test/component/throwaway-widget.test.tsx).
 */
export const WIDGET_MODELS = [
  titleRow,
  subtitleRow,
  descriptionRow,
  groupInfoRow,
  scoreRow,
  evaluationRow,
  selectorRow,
  eventRow,
  imageCarouselRow,
  buttonBar,
] as const;

export type WidgetKind = (typeof WIDGET_MODELS)[number]["kind"];
