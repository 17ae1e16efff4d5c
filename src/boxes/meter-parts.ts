/**
 * A meter drawn from its parts, as Chromium 156 builds and prints it, native or not: the inner
 * element (`::-webkit-meter-inner-element`) holds the bar (`::-webkit-meter-bar`), which holds the
 * part of the value's region (`::-webkit-meter-optimum-value`, `-suboptimum-value`,
 * `-even-less-good-value`). How they are laid out and painted is the UA sheet's (css/ua.css, after
 * Chromium's html.css: the inner element a grid of rows 1fr 2fr 1fr, the bar placed absolutely in
 * the middle one, so half the content height and centred, in gradients; in the native look a
 * light rounded bar and flat values, css/control-fallback.ts) and the author's.
 */
import type { ComputedStyle, ElementPseudoStyles, MeterPart } from '../css/types.js';
import { restyled } from '../css/compute.js';
import type { AnonymousBoxBuild, BlockBox, BlockLevelBox, BoxElement } from './types.js';
import { isFlexOrGrid } from './display.js';

/** The value's part by its region (form-values.ts meterValue: 0 optimum, 1 suboptimal, 2 even less good). */
const VALUE_PARTS: readonly MeterPart[] = ['meter-optimum-value', 'meter-suboptimum-value', 'meter-even-less-good-value'];

/** The meter's box around its parts; the value's part is as wide as the value's fraction of the bar, whatever width the author gives it (Chromium sets it on the element). */
export function meterPartsBox(build: AnonymousBoxBuild, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; meter: { fraction: number; region: number }; parts: ElementPseudoStyles }): BlockBox {
  const inner = shown(at.parts['meter-inner-element']);
  if (inner === undefined) return build.block(style, [], at.outer, at.source);
  const bar = shown(at.parts['meter-bar']);
  const value = shown(at.parts[VALUE_PARTS[at.meter.region]!]);
  const filled = value === undefined ? [] : [partBox(build, valueWide(value, at.meter.fraction), [])];
  const held = bar === undefined ? [] : [partBox(build, bar, filled)];
  return build.block(style, [partBox(build, inner, held)], at.outer, at.source);
}

/** A control's value part as wide as the value's fraction of its bar, whatever width the author gives it (Chromium sets it on the element). */
export function valueWide(value: ComputedStyle, fraction: number): ComputedStyle {
  return restyled(value, { width: { kind: 'percent', value: fraction * 100 } });
}

/** A part's style, or undefined when it is not drawn (`display: none`). */
export function shown(style: ComputedStyle | undefined): ComputedStyle | undefined {
  return style === undefined || style.display === 'none' ? undefined : style;
}

/** A part's box as its display makes it (the inner element is a grid), out of flow where it is positioned absolutely (the bar). */
function partBox(build: AnonymousBoxBuild, style: ComputedStyle, children: readonly BlockLevelBox[]): BlockLevelBox {
  const box: BlockLevelBox = !isFlexOrGrid(style.display) ? build.block(style, children, 'block', undefined)
    : { kind: style.display === 'flex' || style.display === 'inline-flex' ? 'flex' : 'grid', outer: 'block', style, element: undefined, pseudo: undefined, children };
  if (style.position !== 'absolute' && style.position !== 'fixed') return box;
  return { kind: 'out-of-flow', scheme: style.position, box, style, element: undefined, pseudo: undefined };
}
