/** Platform icon name -> Material Symbols name (the hand-written part of the icon mapping). */
export const HAND_MAPPED: Readonly<Record<string, string>>;
