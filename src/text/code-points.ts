/**
 * Code points as fonts see them: the variation selectors, which pick a glyph rather than draw
 * one, and the groups of characters fontkit's `glyphsForString` makes one glyph each.
 */

/** Whether two lists of code points are the same. */
export function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Variation selectors are marks (Mn) but select a glyph rather than draw one: a font need not map them. */
export function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/** The character groups `glyphsForString` turns into one glyph each (a base and its variation selector). */
export function cmapClusters(text: string): number[][] {
  const clusters: number[][] = [];
  let previousJoinable = false;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (isVariationSelector(cp)) {
      if (previousJoinable) (clusters[clusters.length - 1] as number[]).push(cp);
      previousJoinable = false;
      continue;
    }
    clusters.push([cp]);
    previousJoinable = true;
  }
  return clusters;
}
