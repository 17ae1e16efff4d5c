/**
 * WCAG 2's contrast ratio of two colours, as Chromium's color_utils::GetContrastRatio measures
 * it (their alpha ignored): relative luminances of the linearised sRGB channels, each plus 0.05,
 * the lighter over the darker.
 */
import type { Color } from '../model/types.js';

export function contrastRatio(a: Color, b: Color): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function relativeLuminance(color: Color): number {
  const linear = (v: number): number => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}
