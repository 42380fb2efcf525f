// Written by scripts/extract-icons.mjs (do not edit): every drawing at once, for server rendering.
import s0 from "./paths/accessibility-fill.json";
import s2 from "./paths/account_balance_wallet-fill.json";
import s1 from "./paths/account_balance-fill.json";
import s4 from "./paths/add_circle.json";
import s5 from "./paths/add_circle-fill.json";
import s6 from "./paths/add_road-fill.json";
import s3 from "./paths/add-fill.json";
import s7 from "./paths/analytics-fill.json";
import s8 from "./paths/apartment-fill.json";
import s9 from "./paths/archive.json";
import s10 from "./paths/archive-fill.json";
import s11 from "./paths/arrow_forward-fill.json";
import s12 from "./paths/article.json";
import s13 from "./paths/assignment_ind-fill.json";
import s14 from "./paths/backpack-fill.json";
import s15 from "./paths/badge-fill.json";
import s16 from "./paths/bakery_dining-fill.json";
import s17 from "./paths/balcony-fill.json";
import s18 from "./paths/bar_chart.json";
import s19 from "./paths/bar_chart-fill.json";
import s20 from "./paths/battery_charging_full-fill.json";
import s21 from "./paths/battery_horiz_075-fill.json";
import s22 from "./paths/battery_profile-fill.json";
import s23 from "./paths/bed-fill.json";
import s24 from "./paths/block-fill.json";
import s25 from "./paths/bookmark.json";
import s26 from "./paths/bookmark-fill.json";
import s27 from "./paths/brush-fill.json";
import s28 from "./paths/build_circle-fill.json";
import s29 from "./paths/business_center-fill.json";
import s30 from "./paths/call.json";
import s32 from "./paths/call_made-fill.json";
import s33 from "./paths/call_missed-fill.json";
import s34 from "./paths/call_received-fill.json";
import s31 from "./paths/call-fill.json";
import s35 from "./paths/camera.json";
import s36 from "./paths/camera-fill.json";
import s37 from "./paths/campaign-fill.json";
import s38 from "./paths/cancel-fill.json";
import s39 from "./paths/celebration-fill.json";
import s40 from "./paths/chair-fill.json";
import s41 from "./paths/chat_bubble-fill.json";
import s43 from "./paths/check_box_outline_blank.json";
import s42 from "./paths/check_box-fill.json";
import s44 from "./paths/check_circle-fill.json";
import s45 from "./paths/checkroom-fill.json";
import s46 from "./paths/child_care-fill.json";
import s47 from "./paths/cleaning-fill.json";
import s48 from "./paths/close-fill.json";
import s49 from "./paths/coffee-fill.json";
import s50 from "./paths/computer-fill.json";
import s51 from "./paths/confirmation_number-fill.json";
import s52 from "./paths/construction-fill.json";
import s53 from "./paths/contact_phone.json";
import s54 from "./paths/contact_phone-fill.json";
import s55 from "./paths/content_copy-fill.json";
import s56 from "./paths/content_cut-fill.json";
import s57 from "./paths/corporate_fare-fill.json";
import s58 from "./paths/credit_card.json";
import s59 from "./paths/credit_card-fill.json";
import s60 from "./paths/credit_score-fill.json";
import s61 from "./paths/currency_exchange-fill.json";
import s62 from "./paths/delete.json";
import s63 from "./paths/delete-fill.json";
import s64 from "./paths/description-fill.json";
import s65 from "./paths/desk-fill.json";
import s66 from "./paths/desktop_windows-fill.json";
import s67 from "./paths/devices-fill.json";
import s68 from "./paths/diamond-fill.json";
import s69 from "./paths/directions_bike-fill.json";
import s70 from "./paths/directions_bus-fill.json";
import s71 from "./paths/directions_car-fill.json";
import s72 from "./paths/dishwasher-fill.json";
import s73 from "./paths/door_front-fill.json";
import s74 from "./paths/download-fill.json";
import s75 from "./paths/draft.json";
import s76 from "./paths/draft-fill.json";
import s77 from "./paths/edit-fill.json";
import s78 from "./paths/elevator-fill.json";
import s80 from "./paths/event_note-fill.json";
import s79 from "./paths/event-fill.json";
import s81 from "./paths/exit_to_app-fill.json";
import s82 from "./paths/extension.json";
import s83 from "./paths/extension-fill.json";
import s84 from "./paths/fact_check-fill.json";
import s85 from "./paths/favorite-fill.json";
import s86 from "./paths/filter-fill.json";
import s87 from "./paths/fitness_center-fill.json";
import s88 from "./paths/forest-fill.json";
import s89 from "./paths/forum-fill.json";
import s90 from "./paths/fullscreen-fill.json";
import s91 from "./paths/gavel-fill.json";
import s92 from "./paths/handyman-fill.json";
import s93 from "./paths/headphones-fill.json";
import s94 from "./paths/help.json";
import s95 from "./paths/help-fill.json";
import s96 from "./paths/history-fill.json";
import s98 from "./paths/home_work-fill.json";
import s97 from "./paths/home-fill.json";
import s99 from "./paths/house-fill.json";
import s100 from "./paths/image.json";
import s101 from "./paths/image-fill.json";
import s102 from "./paths/info.json";
import s103 from "./paths/info-fill.json";
import s104 from "./paths/inventory-fill.json";
import s105 from "./paths/jewelry-fill.json";
import s106 from "./paths/keep-fill.json";
import s107 from "./paths/keyboard_arrow_down-fill.json";
import s108 from "./paths/keyboard_arrow_left-fill.json";
import s109 from "./paths/keyboard_arrow_right-fill.json";
import s110 from "./paths/kitchen-fill.json";
import s111 from "./paths/lan-fill.json";
import s112 from "./paths/laptop_chromebook-fill.json";
import s113 from "./paths/light-fill.json";
import s114 from "./paths/lightbulb-fill.json";
import s115 from "./paths/link-fill.json";
import s116 from "./paths/local_gas_station-fill.json";
import s117 from "./paths/local_hospital-fill.json";
import s118 from "./paths/local_laundry_service-fill.json";
import s119 from "./paths/local_parking-fill.json";
import s120 from "./paths/local_police-fill.json";
import s121 from "./paths/local_shipping-fill.json";
import s122 from "./paths/local_taxi-fill.json";
import s123 from "./paths/location_on-fill.json";
import s124 from "./paths/lock-fill.json";
import s125 from "./paths/logout-fill.json";
import s126 from "./paths/lunch_dining-fill.json";
import s127 from "./paths/mail.json";
import s128 from "./paths/man-fill.json";
import s129 from "./paths/map-fill.json";
import s130 from "./paths/medical_services-fill.json";
import s131 from "./paths/memory-fill.json";
import s132 from "./paths/menu_book-fill.json";
import s133 from "./paths/metro-fill.json";
import s135 from "./paths/mobile_2-fill.json";
import s136 from "./paths/mobile_3-fill.json";
import s137 from "./paths/mobile_check-fill.json";
import s134 from "./paths/mobile-fill.json";
import s138 from "./paths/money-fill.json";
import s139 from "./paths/moped-fill.json";
import s140 from "./paths/more_horiz.json";
import s141 from "./paths/more_vert-fill.json";
import s142 from "./paths/mosque-fill.json";
import s143 from "./paths/music_note-fill.json";
import s144 from "./paths/note_add.json";
import s145 from "./paths/notifications-fill.json";
import s146 from "./paths/nutrition-fill.json";
import s147 from "./paths/open_in_new-fill.json";
import s148 from "./paths/passkey-fill.json";
import s149 from "./paths/payments-fill.json";
import s151 from "./paths/person_add-fill.json";
import s150 from "./paths/person-fill.json";
import s152 from "./paths/pets-fill.json";
import s153 from "./paths/phone_disabled-fill.json";
import s154 from "./paths/photo_library-fill.json";
import s155 from "./paths/piano-fill.json";
import s156 from "./paths/plagiarism-fill.json";
import s157 from "./paths/print-fill.json";
import s158 from "./paths/public-fill.json";
import s159 from "./paths/radio_button_unchecked-fill.json";
import s160 from "./paths/range_hood-fill.json";
import s161 from "./paths/redeem-fill.json";
import s162 from "./paths/refresh-fill.json";
import s163 from "./paths/remove-fill.json";
import s164 from "./paths/report-fill.json";
import s165 from "./paths/restaurant-fill.json";
import s166 from "./paths/router-fill.json";
import s167 from "./paths/sailing-fill.json";
import s168 from "./paths/schedule.json";
import s169 from "./paths/schedule-fill.json";
import s170 from "./paths/school.json";
import s171 from "./paths/school-fill.json";
import s172 from "./paths/search-fill.json";
import s173 from "./paths/security.json";
import s174 from "./paths/security-fill.json";
import s175 from "./paths/send-fill.json";
import s176 from "./paths/settings-fill.json";
import s177 from "./paths/share-fill.json";
import s178 from "./paths/shopping_bag-fill.json";
import s179 from "./paths/shopping_cart-fill.json";
import s180 from "./paths/show_chart-fill.json";
import s181 from "./paths/signpost-fill.json";
import s182 from "./paths/sim_card-fill.json";
import s183 from "./paths/smart_toy.json";
import s184 from "./paths/smart_toy-fill.json";
import s185 from "./paths/sms.json";
import s186 from "./paths/snowflake-fill.json";
import s187 from "./paths/sort-fill.json";
import s188 from "./paths/speed-fill.json";
import s189 from "./paths/sports_esports-fill.json";
import s190 from "./paths/sports_soccer-fill.json";
import s191 from "./paths/stairs-fill.json";
import s192 from "./paths/star.json";
import s193 from "./paths/star-fill.json";
import s194 from "./paths/stethoscope-fill.json";
import s195 from "./paths/sticky_note_2.json";
import s196 from "./paths/sticky_note_2-fill.json";
import s197 from "./paths/storage-fill.json";
import s198 from "./paths/store.json";
import s199 from "./paths/store-fill.json";
import s200 from "./paths/storefront-fill.json";
import s201 from "./paths/sunny-fill.json";
import s203 from "./paths/support_agent-fill.json";
import s202 from "./paths/support-fill.json";
import s204 from "./paths/swap_horiz-fill.json";
import s205 from "./paths/tablet-fill.json";
import s206 from "./paths/tag.json";
import s207 from "./paths/texture-fill.json";
import s208 from "./paths/thermometer-fill.json";
import s209 from "./paths/thumb_down.json";
import s210 from "./paths/thumb_down-fill.json";
import s211 from "./paths/thumb_up.json";
import s212 from "./paths/thumb_up-fill.json";
import s213 from "./paths/timer-fill.json";
import s214 from "./paths/toc-fill.json";
import s215 from "./paths/touch_app-fill.json";
import s216 from "./paths/transportation-fill.json";
import s217 from "./paths/trending_up-fill.json";
import s218 from "./paths/tune-fill.json";
import s219 from "./paths/tv-fill.json";
import s220 from "./paths/two_wheeler-fill.json";
import s221 from "./paths/umbrella-fill.json";
import s222 from "./paths/usb-fill.json";
import s224 from "./paths/verified_user-fill.json";
import s223 from "./paths/verified-fill.json";
import s225 from "./paths/video_call-fill.json";
import s226 from "./paths/video_library-fill.json";
import s227 from "./paths/videocam.json";
import s228 from "./paths/videocam-fill.json";
import s229 from "./paths/villa-fill.json";
import s231 from "./paths/visibility_off-fill.json";
import s230 from "./paths/visibility-fill.json";
import s232 from "./paths/wallet-fill.json";
import s233 from "./paths/warning-fill.json";
import s234 from "./paths/watch-fill.json";
import s235 from "./paths/wc-fill.json";
import s236 from "./paths/weekend-fill.json";
import s237 from "./paths/woman-fill.json";
import s238 from "./paths/work-fill.json";

/** Symbol file name -> SVG path data (viewBox 0 -960 960 960), for every drawing in index.json. */
export const ALL_SYMBOL_PATHS: Readonly<Record<string, string>> = {
  "accessibility-fill": s0,
  "account_balance-fill": s1,
  "account_balance_wallet-fill": s2,
  "add-fill": s3,
  add_circle: s4,
  "add_circle-fill": s5,
  "add_road-fill": s6,
  "analytics-fill": s7,
  "apartment-fill": s8,
  archive: s9,
  "archive-fill": s10,
  "arrow_forward-fill": s11,
  article: s12,
  "assignment_ind-fill": s13,
  "backpack-fill": s14,
  "badge-fill": s15,
  "bakery_dining-fill": s16,
  "balcony-fill": s17,
  bar_chart: s18,
  "bar_chart-fill": s19,
  "battery_charging_full-fill": s20,
  "battery_horiz_075-fill": s21,
  "battery_profile-fill": s22,
  "bed-fill": s23,
  "block-fill": s24,
  bookmark: s25,
  "bookmark-fill": s26,
  "brush-fill": s27,
  "build_circle-fill": s28,
  "business_center-fill": s29,
  call: s30,
  "call-fill": s31,
  "call_made-fill": s32,
  "call_missed-fill": s33,
  "call_received-fill": s34,
  camera: s35,
  "camera-fill": s36,
  "campaign-fill": s37,
  "cancel-fill": s38,
  "celebration-fill": s39,
  "chair-fill": s40,
  "chat_bubble-fill": s41,
  "check_box-fill": s42,
  check_box_outline_blank: s43,
  "check_circle-fill": s44,
  "checkroom-fill": s45,
  "child_care-fill": s46,
  "cleaning-fill": s47,
  "close-fill": s48,
  "coffee-fill": s49,
  "computer-fill": s50,
  "confirmation_number-fill": s51,
  "construction-fill": s52,
  contact_phone: s53,
  "contact_phone-fill": s54,
  "content_copy-fill": s55,
  "content_cut-fill": s56,
  "corporate_fare-fill": s57,
  credit_card: s58,
  "credit_card-fill": s59,
  "credit_score-fill": s60,
  "currency_exchange-fill": s61,
  delete: s62,
  "delete-fill": s63,
  "description-fill": s64,
  "desk-fill": s65,
  "desktop_windows-fill": s66,
  "devices-fill": s67,
  "diamond-fill": s68,
  "directions_bike-fill": s69,
  "directions_bus-fill": s70,
  "directions_car-fill": s71,
  "dishwasher-fill": s72,
  "door_front-fill": s73,
  "download-fill": s74,
  draft: s75,
  "draft-fill": s76,
  "edit-fill": s77,
  "elevator-fill": s78,
  "event-fill": s79,
  "event_note-fill": s80,
  "exit_to_app-fill": s81,
  extension: s82,
  "extension-fill": s83,
  "fact_check-fill": s84,
  "favorite-fill": s85,
  "filter-fill": s86,
  "fitness_center-fill": s87,
  "forest-fill": s88,
  "forum-fill": s89,
  "fullscreen-fill": s90,
  "gavel-fill": s91,
  "handyman-fill": s92,
  "headphones-fill": s93,
  help: s94,
  "help-fill": s95,
  "history-fill": s96,
  "home-fill": s97,
  "home_work-fill": s98,
  "house-fill": s99,
  image: s100,
  "image-fill": s101,
  info: s102,
  "info-fill": s103,
  "inventory-fill": s104,
  "jewelry-fill": s105,
  "keep-fill": s106,
  "keyboard_arrow_down-fill": s107,
  "keyboard_arrow_left-fill": s108,
  "keyboard_arrow_right-fill": s109,
  "kitchen-fill": s110,
  "lan-fill": s111,
  "laptop_chromebook-fill": s112,
  "light-fill": s113,
  "lightbulb-fill": s114,
  "link-fill": s115,
  "local_gas_station-fill": s116,
  "local_hospital-fill": s117,
  "local_laundry_service-fill": s118,
  "local_parking-fill": s119,
  "local_police-fill": s120,
  "local_shipping-fill": s121,
  "local_taxi-fill": s122,
  "location_on-fill": s123,
  "lock-fill": s124,
  "logout-fill": s125,
  "lunch_dining-fill": s126,
  mail: s127,
  "man-fill": s128,
  "map-fill": s129,
  "medical_services-fill": s130,
  "memory-fill": s131,
  "menu_book-fill": s132,
  "metro-fill": s133,
  "mobile-fill": s134,
  "mobile_2-fill": s135,
  "mobile_3-fill": s136,
  "mobile_check-fill": s137,
  "money-fill": s138,
  "moped-fill": s139,
  more_horiz: s140,
  "more_vert-fill": s141,
  "mosque-fill": s142,
  "music_note-fill": s143,
  note_add: s144,
  "notifications-fill": s145,
  "nutrition-fill": s146,
  "open_in_new-fill": s147,
  "passkey-fill": s148,
  "payments-fill": s149,
  "person-fill": s150,
  "person_add-fill": s151,
  "pets-fill": s152,
  "phone_disabled-fill": s153,
  "photo_library-fill": s154,
  "piano-fill": s155,
  "plagiarism-fill": s156,
  "print-fill": s157,
  "public-fill": s158,
  "radio_button_unchecked-fill": s159,
  "range_hood-fill": s160,
  "redeem-fill": s161,
  "refresh-fill": s162,
  "remove-fill": s163,
  "report-fill": s164,
  "restaurant-fill": s165,
  "router-fill": s166,
  "sailing-fill": s167,
  schedule: s168,
  "schedule-fill": s169,
  school: s170,
  "school-fill": s171,
  "search-fill": s172,
  security: s173,
  "security-fill": s174,
  "send-fill": s175,
  "settings-fill": s176,
  "share-fill": s177,
  "shopping_bag-fill": s178,
  "shopping_cart-fill": s179,
  "show_chart-fill": s180,
  "signpost-fill": s181,
  "sim_card-fill": s182,
  smart_toy: s183,
  "smart_toy-fill": s184,
  sms: s185,
  "snowflake-fill": s186,
  "sort-fill": s187,
  "speed-fill": s188,
  "sports_esports-fill": s189,
  "sports_soccer-fill": s190,
  "stairs-fill": s191,
  star: s192,
  "star-fill": s193,
  "stethoscope-fill": s194,
  sticky_note_2: s195,
  "sticky_note_2-fill": s196,
  "storage-fill": s197,
  store: s198,
  "store-fill": s199,
  "storefront-fill": s200,
  "sunny-fill": s201,
  "support-fill": s202,
  "support_agent-fill": s203,
  "swap_horiz-fill": s204,
  "tablet-fill": s205,
  tag: s206,
  "texture-fill": s207,
  "thermometer-fill": s208,
  thumb_down: s209,
  "thumb_down-fill": s210,
  thumb_up: s211,
  "thumb_up-fill": s212,
  "timer-fill": s213,
  "toc-fill": s214,
  "touch_app-fill": s215,
  "transportation-fill": s216,
  "trending_up-fill": s217,
  "tune-fill": s218,
  "tv-fill": s219,
  "two_wheeler-fill": s220,
  "umbrella-fill": s221,
  "usb-fill": s222,
  "verified-fill": s223,
  "verified_user-fill": s224,
  "video_call-fill": s225,
  "video_library-fill": s226,
  videocam: s227,
  "videocam-fill": s228,
  "villa-fill": s229,
  "visibility-fill": s230,
  "visibility_off-fill": s231,
  "wallet-fill": s232,
  "warning-fill": s233,
  "watch-fill": s234,
  "wc-fill": s235,
  "weekend-fill": s236,
  "woman-fill": s237,
  "work-fill": s238,
};
