import { MRZ_LINE_CAP_HEIGHT } from "../../types";

/** The template window: the glyph's advance box centred, baseline at TEMPLATE_BASELINE. */
export const TEMPLATE_WIDTH = 28;
export const TEMPLATE_HEIGHT = 40;
export const TEMPLATE_BASELINE = 36;
/** Cap heights rendered: the locator's normalised height and ±9 % for its estimation error. */
export const TEMPLATE_CAP_HEIGHTS = [
  Math.round(MRZ_LINE_CAP_HEIGHT * 0.91),
  MRZ_LINE_CAP_HEIGHT,
  Math.round(MRZ_LINE_CAP_HEIGHT * 1.09),
] as const;
