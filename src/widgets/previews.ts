import type { ComponentType } from "react";
import type { WidgetPreviewProps } from "../preview/preview-kit";
import { ButtonBarPreview } from "./button-bar/preview";
import { DescriptionRowPreview } from "./description-row/preview";
import { EvaluationRowPreview } from "./evaluation-row/preview";
import { EventRowPreview } from "./event-row/preview";
import { GroupInfoRowPreview } from "./group-info-row/preview";
import { ImageCarouselRowPreview } from "./image-carousel-row/preview";
import type { WidgetKind } from "./models";
import { ScoreRowPreview } from "./score-row/preview";
import { SelectorRowPreview } from "./selector-row/preview";
import { SubtitleRowPreview } from "./subtitle-row/preview";
import { TitleRowPreview } from "./title-row/preview";

/** Kind -> preview component. A kind without a preview is a compile error. */
export const WIDGET_PREVIEWS: { [K in WidgetKind]: ComponentType<WidgetPreviewProps<K>> } = {
  title_row: TitleRowPreview,
  subtitle_row: SubtitleRowPreview,
  description_row: DescriptionRowPreview,
  group_info_row: GroupInfoRowPreview,
  score_row: ScoreRowPreview,
  evaluation_row: EvaluationRowPreview,
  selector_row: SelectorRowPreview,
  event_row: EventRowPreview,
  image_carousel_row: ImageCarouselRowPreview,
  button_bar: ButtonBarPreview,
};
