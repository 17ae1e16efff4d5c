import type { PaintLayer, PaintOrder } from '../model/types.js';

export const NORMAL_PAINT_ORDER: PaintOrder = ['fill', 'stroke', 'markers'];

/**
 * `normal | [ fill || stroke || markers ]` from its words: the layers named come first, in the
 * order given, then the others in their normal order (`stroke` is stroke, fill, markers).
 */
export function parsePaintOrder(words: readonly string[]): PaintOrder | undefined {
  if (words.length === 1 && words[0] === 'normal') return NORMAL_PAINT_ORDER;
  if (words.length === 0 || words.length > 3) return undefined;
  const named: PaintLayer[] = [];
  for (const word of words) {
    if (!(NORMAL_PAINT_ORDER as readonly string[]).includes(word) || named.includes(word as PaintLayer)) return undefined;
    named.push(word as PaintLayer);
  }
  for (const layer of NORMAL_PAINT_ORDER) if (!named.includes(layer)) named.push(layer);
  return named as unknown as PaintOrder;
}

/** Whether the stroke is painted before the fill. */
export function strokeBeforeFill(order: PaintOrder): boolean {
  return order.indexOf('stroke') < order.indexOf('fill');
}

export function paintOrderText(order: PaintOrder): string {
  return order.join(' ');
}
