import type { ComponentType } from "react";
import type { WidgetPreviewProps } from "../preview/preview-kit";
import { ButtonBarPreview } from "./button-bar/preview";
import { ButtonBarThumbnail } from "./button-bar/thumbnail";
import { DescriptionRowPreview } from "./description-row/preview";
import { DescriptionRowThumbnail } from "./description-row/thumbnail";
import { EvaluationRowPreview } from "./evaluation-row/preview";
import { EvaluationRowThumbnail } from "./evaluation-row/thumbnail";
import { EventRowPreview } from "./event-row/preview";
import { EventRowThumbnail } from "./event-row/thumbnail";
import { GroupInfoRowPreview } from "./group-info-row/preview";
import { GroupInfoRowThumbnail } from "./group-info-row/thumbnail";
import { ImageCarouselRowPreview } from "./image-carousel-row/preview";
import { ImageCarouselRowThumbnail } from "./image-carousel-row/thumbnail";
import type { WidgetKind } from "./models";
import { ScoreRowPreview } from "./score-row/preview";
import { ScoreRowThumbnail } from "./score-row/thumbnail";
import { SelectorRowPreview } from "./selector-row/preview";
import { SelectorRowThumbnail } from "./selector-row/thumbnail";
import { SubtitleRowPreview } from "./subtitle-row/preview";
import { SubtitleRowThumbnail } from "./subtitle-row/thumbnail";
import { TitleRowPreview } from "./title-row/preview";
import { TitleRowThumbnail } from "./title-row/thumbnail";

/** How a widget is drawn: in the preview, and as the palette's thumbnail (64×36 SVG shapes). */
export interface WidgetView<K extends WidgetKind> {
  Preview: ComponentType<WidgetPreviewProps<K>>;
  Thumbnail: ComponentType;
}

/**
 * Kind -> view: the preview layer's half of the registry (the models' half, React-free, is
 * `models.ts`). A kind without a view, or a view without a part, is a compile error.
 */
export const WIDGET_VIEWS: { [K in WidgetKind]: WidgetView<K> } = {
  title_row: { Preview: TitleRowPreview, Thumbnail: TitleRowThumbnail },
  subtitle_row: { Preview: SubtitleRowPreview, Thumbnail: SubtitleRowThumbnail },
  description_row: { Preview: DescriptionRowPreview, Thumbnail: DescriptionRowThumbnail },
  group_info_row: { Preview: GroupInfoRowPreview, Thumbnail: GroupInfoRowThumbnail },
  score_row: { Preview: ScoreRowPreview, Thumbnail: ScoreRowThumbnail },
  evaluation_row: { Preview: EvaluationRowPreview, Thumbnail: EvaluationRowThumbnail },
  selector_row: { Preview: SelectorRowPreview, Thumbnail: SelectorRowThumbnail },
  event_row: { Preview: EventRowPreview, Thumbnail: EventRowThumbnail },
  image_carousel_row: { Preview: ImageCarouselRowPreview, Thumbnail: ImageCarouselRowThumbnail },
  button_bar: { Preview: ButtonBarPreview, Thumbnail: ButtonBarThumbnail },
};
