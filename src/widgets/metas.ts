import { buttonBarMeta } from "./button-bar/meta";
import { descriptionRowMeta } from "./description-row/meta";
import { evaluationRowMeta } from "./evaluation-row/meta";
import { eventRowMeta } from "./event-row/meta";
import { groupInfoRowMeta } from "./group-info-row/meta";
import { imageCarouselRowMeta } from "./image-carousel-row/meta";
import type { WidgetKind } from "./models";
import { scoreRowMeta } from "./score-row/meta";
import { selectorRowMeta } from "./selector-row/meta";
import { subtitleRowMeta } from "./subtitle-row/meta";
import { titleRowMeta } from "./title-row/meta";

/**
 * Every widget's plain facts (name, starting value, summary), in palette order, without zod: what
 * the editor's first paint needs. The models (`models.ts`) are built from the same facts plus the
 * schema; a test checks that both lists hold the same kinds in the same order.
 */
export const WIDGET_METAS = [
  titleRowMeta,
  subtitleRowMeta,
  descriptionRowMeta,
  groupInfoRowMeta,
  scoreRowMeta,
  evaluationRowMeta,
  selectorRowMeta,
  eventRowMeta,
  imageCarouselRowMeta,
  buttonBarMeta,
] satisfies readonly { kind: WidgetKind }[];
