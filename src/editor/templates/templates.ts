import type { DocumentKind } from "../store/document";

/** A ready-made add-on to start from. */
export interface Template {
  id: string;
  /** English name for the menu. */
  name: string;
  description: string;
  kind: DocumentKind;
  /** The v2 body (valid: the templates test checks it). */
  body: Record<string, unknown>;
}

const carInspection: Template = {
  id: "car-inspection",
  name: "Car inspection report",
  description: "An expert's inspection of a used car: scores per part, price evaluation, full report.",
  kind: "post",
  body: {
    widgets: [
      { title_row: { text: "گزارش کارشناسی خودرو", has_divider: false } },
      { subtitle_row: { text: "بازدید شده در ۱۲۰ نقطه توسط کارشناس فنی", has_divider: true } },
      {
        group_info_row: {
          items: [
            { title: "کارکرد", value: "۴۵٬۰۰۰ کیلومتر" },
            { title: "مدل", value: "۱۴۰۰" },
            { title: "تاریخ بازدید", value: "۱۴۰۳/۰۲/۱۰" },
          ],
          has_divider: true,
        },
      },
      {
        score_row: {
          title: "موتور و گیربکس",
          percentage_score: 92,
          score_color: "SUCCESS_PRIMARY",
          icon_name: "CAR_ENGINE",
        },
      },
      {
        score_row: {
          title: "بدنه و رنگ",
          percentage_score: 78,
          score_color: "SUCCESS_SECONDARY",
          icon_name: "CAR_BODY",
        },
      },
      {
        score_row: {
          title: "لاستیک‌ها",
          descriptive_score: "نیاز به تعویض",
          score_color: "WARNING_PRIMARY",
          icon_name: "CAR_TIRES",
        },
      },
      {
        score_row: {
          title: "سیستم برقی",
          percentage_score: 88,
          score_color: "SUCCESS_PRIMARY",
          icon_name: "CAR_ELECTRONICS",
          has_divider: true,
        },
      },
      {
        evaluation_row: {
          indicator_text: "قیمت مناسب",
          indicator_percentage: 35,
          icon_name: "CAR_INSPECTED",
          right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
          middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
          left: { text: "گران", section_color: "ERROR_PRIMARY" },
        },
      },
      {
        image_carousel_row: {
          items: [
            { image_id: "logo", description: "نمای جلو" },
            { image_id: "logo", description: "نمای عقب" },
          ],
          has_divider: true,
        },
      },
      {
        description_row: {
          text: "بدنه در گلگیر جلو راست یک لکه رنگ دارد. موتور بدون نشتی روغن است و گیربکس نرم تعویض دنده می‌کند. لاستیک‌های عقب تا ۵٬۰۰۰ کیلومتر دیگر باید تعویض شوند. سیستم ترمز، تعلیق و فرمان در وضعیت مطلوب هستند و خودرو در تست جاده‌ای عملکرد مناسبی داشت. سوابق سرویس دوره‌ای کامل است.",
          expandable: true,
        },
      },
      {
        event_row: {
          title: "آخرین سرویس دوره‌ای",
          subtitle: "تعویض روغن و فیلترها در نمایندگی",
          label: "۱۴۰۳/۰۱/۲۰",
          icon_name: "HISTORY",
        },
      },
      {
        selector_row: {
          title: "جزئیات کامل بدنه و رنگ",
          icon_name: "CAR_BODY",
          action: { open_direct_link: "https://example.com/reports/4521/body" },
        },
      },
      {
        button_bar: {
          title: "مشاهده گزارش کامل",
          action: { open_direct_link: "https://example.com/reports/4521" },
        },
      },
    ],
    semantic: { inspection_result: "INSPECTION_APPROVED" },
    notes: "گزارش کارشناسی نمونه",
  },
};

const realEstate: Template = {
  id: "real-estate",
  name: "Real-estate details",
  description: "Registered details of an apartment: area, floor, deed, with a link to the full file.",
  kind: "post",
  body: {
    widgets: [
      { title_row: { text: "مشخصات ثبتی ملک" } },
      { subtitle_row: { text: "استعلام شده از سامانه ثبت املاک", has_divider: true } },
      {
        group_info_row: {
          items: [
            { title: "متراژ", value: "۱۲۰ متر" },
            { title: "طبقه", value: "۴ از ۶" },
            { title: "سال ساخت", value: "۱۳۹۸" },
          ],
        },
      },
      {
        group_info_row: {
          items: [
            { title: "نوع سند", value: "تک‌برگ" },
            { title: "کاربری", value: "مسکونی" },
          ],
          has_divider: true,
        },
      },
      {
        selector_row: {
          title: "مالکیت تأیید شده است",
          icon_name: "SHIELD_CHECK",
          has_divider: true,
        },
      },
      {
        evaluation_row: {
          indicator_text: "نزدیک به میانگین منطقه",
          indicator_percentage: 55,
          icon_name: "HOME_AREA",
          right: { text: "زیر میانگین", section_color: "SUCCESS_PRIMARY" },
          middle: { text: "میانگین", section_color: "WARNING_SECONDARY" },
          left: { text: "بالای میانگین", section_color: "ERROR_PRIMARY" },
        },
      },
      {
        description_row: {
          text: "قیمت هر متر در این محله بین ۸۵ تا ۹۵ میلیون تومان است.",
          has_divider: true,
        },
      },
      {
        button_bar: {
          title: "مشاهده پرونده ملک",
          action: { open_server_link: { data: { file: "real-estate", section: "deed" } } },
        },
      },
    ],
    semantic: { ownership_result: "OWNERSHIP_CONFIRMED" },
  },
};

const identity: Template = {
  id: "identity-verification",
  name: "Identity verification result",
  description: "A user add-on confirming that the seller's face matched their national ID.",
  kind: "user",
  body: {
    widgets: [
      { title_row: { text: "احراز هویت انجام شد" } },
      {
        event_row: {
          title: "تطبیق چهره و کارت ملی",
          subtitle: "هویت کاربر با مدارک رسمی تطبیق داده شد",
          label: "تأیید شده",
          icon_name: "VERIFIED_USER",
          has_divider: true,
        },
      },
      {
        description_row: {
          text: "این کاربر هویت خود را با کارت ملی و تصویر چهره تأیید کرده است. اطلاعات شخصی نمایش داده نمی‌شود.",
        },
      },
      {
        selector_row: {
          title: "احراز هویت چیست؟",
          icon_name: "INFO",
          action: { open_direct_link: "https://example.com/help/identity" },
        },
      },
    ],
    categories: [],
    ticket_uuid: "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f",
    cost: 25000,
    semantic: { identity_verification_result: "FACE_AND_ID_MATCHED", status: "SUCCEEDED" },
  },
};

const sellerRating: Template = {
  id: "seller-rating",
  name: "Seller rating",
  description: "A seller's score from buyers' reviews, with recent sales and a link to the reviews.",
  kind: "post",
  body: {
    widgets: [
      { title_row: { text: "امتیاز فروشنده" } },
      {
        score_row: {
          title: "رضایت خریداران",
          percentage_score: 94,
          score_color: "SUCCESS_PRIMARY",
          icon_name: "STAR",
        },
      },
      {
        score_row: {
          title: "پاسخ‌گویی",
          descriptive_score: "بسیار سریع",
          score_color: "SUCCESS_SECONDARY",
          icon_name: "CHECK_CIRCLE",
          has_divider: true,
        },
      },
      {
        group_info_row: {
          items: [
            { title: "فروش موفق", value: "۳۲۸" },
            { title: "عضویت", value: "۴ سال" },
            { title: "نظرات", value: "۲۱۲" },
          ],
          has_divider: true,
        },
      },
      {
        event_row: {
          title: "آخرین فروش",
          subtitle: "گوشی موبایل، تحویل حضوری",
          label: "۳ روز پیش",
          icon_name: "STORE",
        },
      },
      {
        button_bar: {
          title: "مشاهده نظرات خریداران",
          action: { get_dynamic_action: { data: { view: "reviews" } } },
        },
      },
    ],
  },
};

/** The templates offered in the header, in menu order. */
export const TEMPLATES: readonly Template[] = [carInspection, realEstate, identity, sellerRating];
