// Written by scripts/extract-icons.mjs (do not edit): every drawing at once, for server rendering.
import s0 from "./paths/accessibility-fill.json";
import s2 from "./paths/account_balance_wallet-fill.json";
import s1 from "./paths/account_balance-fill.json";
import s4 from "./paths/add_circle.json";
import s5 from "./paths/add_circle-fill.json";
import s6 from "./paths/add_road-fill.json";
import s3 from "./paths/add-fill.json";
import s7 from "./paths/agriculture-fill.json";
import s8 from "./paths/airline_seat_recline_normal-fill.json";
import s9 from "./paths/analytics-fill.json";
import s10 from "./paths/apartment-fill.json";
import s11 from "./paths/archive.json";
import s12 from "./paths/archive-fill.json";
import s13 from "./paths/arrow_forward-fill.json";
import s14 from "./paths/article.json";
import s15 from "./paths/assignment_ind-fill.json";
import s16 from "./paths/backpack-fill.json";
import s17 from "./paths/badge-fill.json";
import s18 from "./paths/bakery_dining-fill.json";
import s19 from "./paths/balcony-fill.json";
import s20 from "./paths/bar_chart.json";
import s21 from "./paths/bar_chart-fill.json";
import s22 from "./paths/bathtub-fill.json";
import s23 from "./paths/battery_charging_full-fill.json";
import s24 from "./paths/battery_horiz_075-fill.json";
import s25 from "./paths/battery_profile-fill.json";
import s26 from "./paths/bed-fill.json";
import s27 from "./paths/blender-fill.json";
import s28 from "./paths/block-fill.json";
import s29 from "./paths/bookmark.json";
import s30 from "./paths/bookmark-fill.json";
import s31 from "./paths/brush-fill.json";
import s32 from "./paths/build_circle-fill.json";
import s33 from "./paths/business_center-fill.json";
import s34 from "./paths/call.json";
import s36 from "./paths/call_made-fill.json";
import s37 from "./paths/call_missed-fill.json";
import s38 from "./paths/call_received-fill.json";
import s35 from "./paths/call-fill.json";
import s39 from "./paths/camera.json";
import s40 from "./paths/camera-fill.json";
import s41 from "./paths/campaign-fill.json";
import s42 from "./paths/cancel-fill.json";
import s43 from "./paths/car_repair-fill.json";
import s44 from "./paths/chair-fill.json";
import s45 from "./paths/chat_bubble-fill.json";
import s47 from "./paths/check_box_outline_blank.json";
import s46 from "./paths/check_box-fill.json";
import s48 from "./paths/check_circle-fill.json";
import s49 from "./paths/checkroom-fill.json";
import s50 from "./paths/child_care-fill.json";
import s51 from "./paths/cleaning-fill.json";
import s52 from "./paths/close-fill.json";
import s54 from "./paths/coffee_maker-fill.json";
import s53 from "./paths/coffee-fill.json";
import s55 from "./paths/commute-fill.json";
import s56 from "./paths/computer-fill.json";
import s57 from "./paths/confirmation_number-fill.json";
import s58 from "./paths/construction-fill.json";
import s59 from "./paths/contact_phone.json";
import s60 from "./paths/contact_phone-fill.json";
import s61 from "./paths/content_copy-fill.json";
import s62 from "./paths/content_cut-fill.json";
import s63 from "./paths/corporate_fare-fill.json";
import s64 from "./paths/credit_card.json";
import s65 from "./paths/credit_card-fill.json";
import s66 from "./paths/delete.json";
import s67 from "./paths/delete-fill.json";
import s68 from "./paths/description-fill.json";
import s69 from "./paths/desk-fill.json";
import s70 from "./paths/desktop_windows-fill.json";
import s71 from "./paths/devices-fill.json";
import s72 from "./paths/diamond-fill.json";
import s73 from "./paths/directions_bike-fill.json";
import s74 from "./paths/directions_bus-fill.json";
import s75 from "./paths/directions_car-fill.json";
import s76 from "./paths/dishwasher-fill.json";
import s77 from "./paths/door_front-fill.json";
import s78 from "./paths/download-fill.json";
import s79 from "./paths/draft.json";
import s80 from "./paths/draft-fill.json";
import s81 from "./paths/edit-fill.json";
import s82 from "./paths/electrical_services-fill.json";
import s83 from "./paths/elevator-fill.json";
import s85 from "./paths/event_note-fill.json";
import s84 from "./paths/event-fill.json";
import s86 from "./paths/exit_to_app-fill.json";
import s87 from "./paths/extension.json";
import s88 from "./paths/extension-fill.json";
import s89 from "./paths/fact_check-fill.json";
import s90 from "./paths/factory-fill.json";
import s91 from "./paths/favorite-fill.json";
import s92 from "./paths/filter-fill.json";
import s93 from "./paths/fitness_center-fill.json";
import s94 from "./paths/forest-fill.json";
import s95 from "./paths/forum-fill.json";
import s96 from "./paths/fullscreen-fill.json";
import s97 from "./paths/gavel-fill.json";
import s98 from "./paths/handshake-fill.json";
import s99 from "./paths/handyman-fill.json";
import s100 from "./paths/headphones-fill.json";
import s101 from "./paths/help.json";
import s102 from "./paths/help-fill.json";
import s103 from "./paths/history-fill.json";
import s105 from "./paths/home_work-fill.json";
import s104 from "./paths/home-fill.json";
import s106 from "./paths/house-fill.json";
import s107 from "./paths/image.json";
import s108 from "./paths/image-fill.json";
import s109 from "./paths/info.json";
import s110 from "./paths/info-fill.json";
import s111 from "./paths/inventory-fill.json";
import s112 from "./paths/iron-fill.json";
import s113 from "./paths/jewelry-fill.json";
import s114 from "./paths/keep-fill.json";
import s115 from "./paths/keyboard_arrow_down-fill.json";
import s116 from "./paths/keyboard_arrow_left-fill.json";
import s117 from "./paths/keyboard_arrow_right-fill.json";
import s118 from "./paths/kitchen-fill.json";
import s119 from "./paths/lan-fill.json";
import s120 from "./paths/laptop_chromebook-fill.json";
import s121 from "./paths/light-fill.json";
import s122 from "./paths/lightbulb-fill.json";
import s123 from "./paths/link-fill.json";
import s124 from "./paths/local_gas_station-fill.json";
import s125 from "./paths/local_hospital-fill.json";
import s126 from "./paths/local_laundry_service-fill.json";
import s127 from "./paths/local_parking-fill.json";
import s128 from "./paths/local_police-fill.json";
import s129 from "./paths/local_shipping-fill.json";
import s130 from "./paths/local_taxi-fill.json";
import s131 from "./paths/location_on-fill.json";
import s132 from "./paths/lock-fill.json";
import s133 from "./paths/logout-fill.json";
import s134 from "./paths/lunch_dining-fill.json";
import s135 from "./paths/mail.json";
import s136 from "./paths/man-fill.json";
import s137 from "./paths/map-fill.json";
import s138 from "./paths/medical_services-fill.json";
import s139 from "./paths/meeting_room-fill.json";
import s140 from "./paths/memory-fill.json";
import s141 from "./paths/menu_book-fill.json";
import s142 from "./paths/metro-fill.json";
import s143 from "./paths/microwave-fill.json";
import s145 from "./paths/mobile_2-fill.json";
import s146 from "./paths/mobile_3-fill.json";
import s147 from "./paths/mobile_check-fill.json";
import s144 from "./paths/mobile-fill.json";
import s148 from "./paths/mode_fan-fill.json";
import s149 from "./paths/money-fill.json";
import s150 from "./paths/moped-fill.json";
import s151 from "./paths/more_horiz.json";
import s152 from "./paths/more_vert-fill.json";
import s153 from "./paths/mosque-fill.json";
import s154 from "./paths/music_note-fill.json";
import s155 from "./paths/night_shelter-fill.json";
import s156 from "./paths/note_add.json";
import s157 from "./paths/notifications-fill.json";
import s158 from "./paths/nutrition-fill.json";
import s159 from "./paths/open_in_new-fill.json";
import s160 from "./paths/passkey-fill.json";
import s161 from "./paths/payments-fill.json";
import s163 from "./paths/person_add-fill.json";
import s162 from "./paths/person-fill.json";
import s164 from "./paths/pets-fill.json";
import s165 from "./paths/phone_disabled-fill.json";
import s166 from "./paths/photo_library-fill.json";
import s167 from "./paths/piano-fill.json";
import s168 from "./paths/plagiarism-fill.json";
import s169 from "./paths/print-fill.json";
import s170 from "./paths/public-fill.json";
import s171 from "./paths/radio_button_unchecked-fill.json";
import s172 from "./paths/range_hood-fill.json";
import s173 from "./paths/real_estate_agent-fill.json";
import s174 from "./paths/redeem-fill.json";
import s175 from "./paths/refresh-fill.json";
import s176 from "./paths/remove-fill.json";
import s177 from "./paths/report-fill.json";
import s178 from "./paths/restaurant-fill.json";
import s179 from "./paths/router-fill.json";
import s180 from "./paths/sailing-fill.json";
import s181 from "./paths/schedule.json";
import s182 from "./paths/schedule-fill.json";
import s183 from "./paths/school.json";
import s184 from "./paths/school-fill.json";
import s185 from "./paths/search-fill.json";
import s186 from "./paths/security.json";
import s187 from "./paths/security-fill.json";
import s188 from "./paths/send-fill.json";
import s189 from "./paths/settings-fill.json";
import s190 from "./paths/share-fill.json";
import s191 from "./paths/shield-fill.json";
import s192 from "./paths/shopping_bag-fill.json";
import s193 from "./paths/shopping_cart-fill.json";
import s194 from "./paths/show_chart-fill.json";
import s195 from "./paths/signpost-fill.json";
import s196 from "./paths/sim_card-fill.json";
import s197 from "./paths/smart_toy.json";
import s198 from "./paths/smart_toy-fill.json";
import s199 from "./paths/sms.json";
import s200 from "./paths/snowflake-fill.json";
import s201 from "./paths/sort-fill.json";
import s202 from "./paths/speed-fill.json";
import s203 from "./paths/sports_esports-fill.json";
import s204 from "./paths/sports_soccer-fill.json";
import s205 from "./paths/stairs-fill.json";
import s206 from "./paths/star.json";
import s207 from "./paths/star-fill.json";
import s208 from "./paths/stethoscope-fill.json";
import s209 from "./paths/sticky_note_2.json";
import s210 from "./paths/sticky_note_2-fill.json";
import s211 from "./paths/storage-fill.json";
import s212 from "./paths/store.json";
import s213 from "./paths/store-fill.json";
import s214 from "./paths/storefront-fill.json";
import s215 from "./paths/stroller-fill.json";
import s216 from "./paths/sunny-fill.json";
import s218 from "./paths/support_agent-fill.json";
import s217 from "./paths/support-fill.json";
import s219 from "./paths/swap_horiz-fill.json";
import s220 from "./paths/table_restaurant-fill.json";
import s221 from "./paths/tablet-fill.json";
import s222 from "./paths/tag.json";
import s223 from "./paths/texture-fill.json";
import s224 from "./paths/thermometer-fill.json";
import s225 from "./paths/thumb_down.json";
import s226 from "./paths/thumb_down-fill.json";
import s227 from "./paths/thumb_up.json";
import s228 from "./paths/thumb_up-fill.json";
import s229 from "./paths/timer-fill.json";
import s230 from "./paths/tire_repair-fill.json";
import s231 from "./paths/toc-fill.json";
import s232 from "./paths/touch_app-fill.json";
import s233 from "./paths/toys-fill.json";
import s234 from "./paths/transportation-fill.json";
import s235 from "./paths/trending_up-fill.json";
import s236 from "./paths/tune-fill.json";
import s237 from "./paths/tv-fill.json";
import s238 from "./paths/two_wheeler-fill.json";
import s239 from "./paths/umbrella-fill.json";
import s240 from "./paths/usb-fill.json";
import s242 from "./paths/verified_user-fill.json";
import s241 from "./paths/verified-fill.json";
import s243 from "./paths/video_call-fill.json";
import s244 from "./paths/video_library-fill.json";
import s245 from "./paths/videocam.json";
import s246 from "./paths/videocam-fill.json";
import s247 from "./paths/villa-fill.json";
import s249 from "./paths/visibility_off-fill.json";
import s248 from "./paths/visibility-fill.json";
import s250 from "./paths/volunteer_activism-fill.json";
import s251 from "./paths/wallet-fill.json";
import s252 from "./paths/warning-fill.json";
import s253 from "./paths/watch-fill.json";
import s254 from "./paths/wc-fill.json";
import s255 from "./paths/weekend-fill.json";
import s256 from "./paths/woman-fill.json";
import s257 from "./paths/work-fill.json";
import s258 from "./paths/workspaces-fill.json";

/** Symbol file name -> SVG path data (viewBox 0 -960 960 960), for every drawing in index.json. */
export const ALL_SYMBOL_PATHS: Readonly<Record<string, string>> = {
  "accessibility-fill": s0,
  "account_balance-fill": s1,
  "account_balance_wallet-fill": s2,
  "add-fill": s3,
  add_circle: s4,
  "add_circle-fill": s5,
  "add_road-fill": s6,
  "agriculture-fill": s7,
  "airline_seat_recline_normal-fill": s8,
  "analytics-fill": s9,
  "apartment-fill": s10,
  archive: s11,
  "archive-fill": s12,
  "arrow_forward-fill": s13,
  article: s14,
  "assignment_ind-fill": s15,
  "backpack-fill": s16,
  "badge-fill": s17,
  "bakery_dining-fill": s18,
  "balcony-fill": s19,
  bar_chart: s20,
  "bar_chart-fill": s21,
  "bathtub-fill": s22,
  "battery_charging_full-fill": s23,
  "battery_horiz_075-fill": s24,
  "battery_profile-fill": s25,
  "bed-fill": s26,
  "blender-fill": s27,
  "block-fill": s28,
  bookmark: s29,
  "bookmark-fill": s30,
  "brush-fill": s31,
  "build_circle-fill": s32,
  "business_center-fill": s33,
  call: s34,
  "call-fill": s35,
  "call_made-fill": s36,
  "call_missed-fill": s37,
  "call_received-fill": s38,
  camera: s39,
  "camera-fill": s40,
  "campaign-fill": s41,
  "cancel-fill": s42,
  "car_repair-fill": s43,
  "chair-fill": s44,
  "chat_bubble-fill": s45,
  "check_box-fill": s46,
  check_box_outline_blank: s47,
  "check_circle-fill": s48,
  "checkroom-fill": s49,
  "child_care-fill": s50,
  "cleaning-fill": s51,
  "close-fill": s52,
  "coffee-fill": s53,
  "coffee_maker-fill": s54,
  "commute-fill": s55,
  "computer-fill": s56,
  "confirmation_number-fill": s57,
  "construction-fill": s58,
  contact_phone: s59,
  "contact_phone-fill": s60,
  "content_copy-fill": s61,
  "content_cut-fill": s62,
  "corporate_fare-fill": s63,
  credit_card: s64,
  "credit_card-fill": s65,
  delete: s66,
  "delete-fill": s67,
  "description-fill": s68,
  "desk-fill": s69,
  "desktop_windows-fill": s70,
  "devices-fill": s71,
  "diamond-fill": s72,
  "directions_bike-fill": s73,
  "directions_bus-fill": s74,
  "directions_car-fill": s75,
  "dishwasher-fill": s76,
  "door_front-fill": s77,
  "download-fill": s78,
  draft: s79,
  "draft-fill": s80,
  "edit-fill": s81,
  "electrical_services-fill": s82,
  "elevator-fill": s83,
  "event-fill": s84,
  "event_note-fill": s85,
  "exit_to_app-fill": s86,
  extension: s87,
  "extension-fill": s88,
  "fact_check-fill": s89,
  "factory-fill": s90,
  "favorite-fill": s91,
  "filter-fill": s92,
  "fitness_center-fill": s93,
  "forest-fill": s94,
  "forum-fill": s95,
  "fullscreen-fill": s96,
  "gavel-fill": s97,
  "handshake-fill": s98,
  "handyman-fill": s99,
  "headphones-fill": s100,
  help: s101,
  "help-fill": s102,
  "history-fill": s103,
  "home-fill": s104,
  "home_work-fill": s105,
  "house-fill": s106,
  image: s107,
  "image-fill": s108,
  info: s109,
  "info-fill": s110,
  "inventory-fill": s111,
  "iron-fill": s112,
  "jewelry-fill": s113,
  "keep-fill": s114,
  "keyboard_arrow_down-fill": s115,
  "keyboard_arrow_left-fill": s116,
  "keyboard_arrow_right-fill": s117,
  "kitchen-fill": s118,
  "lan-fill": s119,
  "laptop_chromebook-fill": s120,
  "light-fill": s121,
  "lightbulb-fill": s122,
  "link-fill": s123,
  "local_gas_station-fill": s124,
  "local_hospital-fill": s125,
  "local_laundry_service-fill": s126,
  "local_parking-fill": s127,
  "local_police-fill": s128,
  "local_shipping-fill": s129,
  "local_taxi-fill": s130,
  "location_on-fill": s131,
  "lock-fill": s132,
  "logout-fill": s133,
  "lunch_dining-fill": s134,
  mail: s135,
  "man-fill": s136,
  "map-fill": s137,
  "medical_services-fill": s138,
  "meeting_room-fill": s139,
  "memory-fill": s140,
  "menu_book-fill": s141,
  "metro-fill": s142,
  "microwave-fill": s143,
  "mobile-fill": s144,
  "mobile_2-fill": s145,
  "mobile_3-fill": s146,
  "mobile_check-fill": s147,
  "mode_fan-fill": s148,
  "money-fill": s149,
  "moped-fill": s150,
  more_horiz: s151,
  "more_vert-fill": s152,
  "mosque-fill": s153,
  "music_note-fill": s154,
  "night_shelter-fill": s155,
  note_add: s156,
  "notifications-fill": s157,
  "nutrition-fill": s158,
  "open_in_new-fill": s159,
  "passkey-fill": s160,
  "payments-fill": s161,
  "person-fill": s162,
  "person_add-fill": s163,
  "pets-fill": s164,
  "phone_disabled-fill": s165,
  "photo_library-fill": s166,
  "piano-fill": s167,
  "plagiarism-fill": s168,
  "print-fill": s169,
  "public-fill": s170,
  "radio_button_unchecked-fill": s171,
  "range_hood-fill": s172,
  "real_estate_agent-fill": s173,
  "redeem-fill": s174,
  "refresh-fill": s175,
  "remove-fill": s176,
  "report-fill": s177,
  "restaurant-fill": s178,
  "router-fill": s179,
  "sailing-fill": s180,
  schedule: s181,
  "schedule-fill": s182,
  school: s183,
  "school-fill": s184,
  "search-fill": s185,
  security: s186,
  "security-fill": s187,
  "send-fill": s188,
  "settings-fill": s189,
  "share-fill": s190,
  "shield-fill": s191,
  "shopping_bag-fill": s192,
  "shopping_cart-fill": s193,
  "show_chart-fill": s194,
  "signpost-fill": s195,
  "sim_card-fill": s196,
  smart_toy: s197,
  "smart_toy-fill": s198,
  sms: s199,
  "snowflake-fill": s200,
  "sort-fill": s201,
  "speed-fill": s202,
  "sports_esports-fill": s203,
  "sports_soccer-fill": s204,
  "stairs-fill": s205,
  star: s206,
  "star-fill": s207,
  "stethoscope-fill": s208,
  sticky_note_2: s209,
  "sticky_note_2-fill": s210,
  "storage-fill": s211,
  store: s212,
  "store-fill": s213,
  "storefront-fill": s214,
  "stroller-fill": s215,
  "sunny-fill": s216,
  "support-fill": s217,
  "support_agent-fill": s218,
  "swap_horiz-fill": s219,
  "table_restaurant-fill": s220,
  "tablet-fill": s221,
  tag: s222,
  "texture-fill": s223,
  "thermometer-fill": s224,
  thumb_down: s225,
  "thumb_down-fill": s226,
  thumb_up: s227,
  "thumb_up-fill": s228,
  "timer-fill": s229,
  "tire_repair-fill": s230,
  "toc-fill": s231,
  "touch_app-fill": s232,
  "toys-fill": s233,
  "transportation-fill": s234,
  "trending_up-fill": s235,
  "tune-fill": s236,
  "tv-fill": s237,
  "two_wheeler-fill": s238,
  "umbrella-fill": s239,
  "usb-fill": s240,
  "verified-fill": s241,
  "verified_user-fill": s242,
  "video_call-fill": s243,
  "video_library-fill": s244,
  videocam: s245,
  "videocam-fill": s246,
  "villa-fill": s247,
  "visibility-fill": s248,
  "visibility_off-fill": s249,
  "volunteer_activism-fill": s250,
  "wallet-fill": s251,
  "warning-fill": s252,
  "watch-fill": s253,
  "wc-fill": s254,
  "weekend-fill": s255,
  "woman-fill": s256,
  "work-fill": s257,
  "workspaces-fill": s258,
};
