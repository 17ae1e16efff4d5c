/**
 * Flow-relative properties (CSS Logical 1): block-start/end and inline-start/end map to physical
 * sides by the element's writing mode and direction (CSS Writing Modes 4 §6.4), chosen per element
 * when the cascade applies the declaration: in `vertical-rl` text `margin-block-start` is the
 * right margin, `inline-size` the height.
 */
import type { Nodes, ParseContext, PropertyDef, ShorthandDef } from './define.js';
import { INVALID, shorthand } from './define.js';

/** The writing modes, in the order of a logical slot's mappings (stylesheet.ts `Slot`). */
export const FLOW_MODES = ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'] as const;
export type FlowMode = (typeof FLOW_MODES)[number];

type LogicalSide = 'block-start' | 'block-end' | 'inline-start' | 'inline-end';
type PhysicalSide = 'top' | 'right' | 'bottom' | 'left';

/** A logical longhand: an alias whose physical target depends on the writing mode and direction. */
export interface LogicalDef {
  readonly kind: 'logical';
  readonly name: string;
  /** The physical longhands in horizontal writing, left to right and right to left. */
  readonly ltr: string;
  readonly rtl: string;
  /** The physical longhand in `mode`, `rtl` or not. */
  readonly physical: (mode: FlowMode, rtl: boolean) => string;
}

/** CSS Writing Modes 4 §6.4: where each flow-relative side is. */
function physicalSide(side: LogicalSide, mode: FlowMode, rtl: boolean): PhysicalSide {
  const horizontal = mode === 'horizontal-tb';
  if (side === 'block-start' || side === 'block-end') {
    const start: PhysicalSide = horizontal ? 'top' : mode === 'vertical-rl' || mode === 'sideways-rl' ? 'right' : 'left';
    return side === 'block-start' ? start : OPPOSITE[start];
  }
  // the inline axis runs left to right, or top to bottom (bottom to top in sideways-lr), reversed by rtl
  const forward = mode === 'sideways-lr' ? rtl : !rtl;
  const start: PhysicalSide = horizontal ? (rtl ? 'right' : 'left') : forward ? 'top' : 'bottom';
  return side === 'inline-start' ? start : OPPOSITE[start];
}

const OPPOSITE: Readonly<Record<PhysicalSide, PhysicalSide>> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

function logical(name: string, physical: (mode: FlowMode, rtl: boolean) => string): LogicalDef {
  return { kind: 'logical', name, ltr: physical('horizontal-tb', false), rtl: physical('horizontal-tb', true), physical };
}

const SIDES: readonly LogicalSide[] = ['block-start', 'block-end', 'inline-start', 'inline-end'];

function logicalFamily(prefix: string, suffix: string, physicalPrefix = prefix): LogicalDef[] {
  return SIDES.map((side) => logical(`${prefix}${side}${suffix}`, (mode, rtl) => `${physicalPrefix}${physicalSide(side, mode, rtl)}${suffix}`));
}

/** `inline-size` and `block-size` (with their min-/max- forms): width and height, swapped in vertical writing. */
function logicalSize(prefix: string): LogicalDef[] {
  return (['inline', 'block'] as const).map((axis) => logical(`${prefix}${axis}-size`, (mode) => `${prefix}${(axis === 'inline') === (mode === 'horizontal-tb') ? 'width' : 'height'}`));
}

/** `border-<block>-<inline>-radius`: the corner of the block side and the inline side (CSS Logical 1 §4.6). */
function logicalCorner(block: 'start' | 'end', inline: 'start' | 'end'): LogicalDef {
  return logical(`border-${block}-${inline}-radius`, (mode, rtl) => {
    const sides = [physicalSide(`block-${block}`, mode, rtl), physicalSide(`inline-${inline}`, mode, rtl)];
    const vertical = sides.find((side) => side === 'top' || side === 'bottom')!;
    const horizontal = sides.find((side) => side === 'left' || side === 'right')!;
    return `border-${vertical}-${horizontal}-radius`;
  });
}

export const LOGICAL_LONGHANDS: readonly LogicalDef[] = [
  ...logicalFamily('margin-', ''),
  ...logicalFamily('padding-', ''),
  ...logicalFamily('inset-', '', ''),
  ...logicalFamily('border-', '-width'),
  ...logicalFamily('border-', '-style'),
  ...logicalFamily('border-', '-color'),
  ...logicalSize(''),
  ...logicalSize('min-'),
  ...logicalSize('max-'),
  // corners, block side first: what Tailwind's rounded-s-*, rounded-ss-*… write
  logicalCorner('start', 'start'), logicalCorner('start', 'end'), logicalCorner('end', 'start'), logicalCorner('end', 'end'),
];

/** `margin-inline: <start> <end>?` and friends. */
function pairShorthand(name: string, start: string, end: string, parseOne: (nodes: Nodes, ctx: ParseContext) => unknown): ShorthandDef {
  return shorthand(name, [start, end], (nodes, ctx) => {
    if (nodes.length < 1 || nodes.length > 2) return INVALID;
    const a = parseOne([nodes[0]!], ctx);
    const b = nodes.length === 2 ? parseOne([nodes[1]!], ctx) : a;
    return a === INVALID || b === INVALID ? INVALID : new Map([[start, a], [end, b]]);
  });
}

/** Builds the logical shorthands from the physical longhand parsers. */
export function logicalShorthands(physicalParser: (name: string) => ((nodes: Nodes, ctx: ParseContext) => unknown)): PropertyDef[] {
  const result: PropertyDef[] = [];
  for (const box of ['margin', 'padding']) {
    result.push(pairShorthand(`${box}-block`, `${box}-block-start`, `${box}-block-end`, physicalParser(`${box}-top`)));
    result.push(pairShorthand(`${box}-inline`, `${box}-inline-start`, `${box}-inline-end`, physicalParser(`${box}-left`)));
  }
  result.push(pairShorthand('inset-block', 'inset-block-start', 'inset-block-end', physicalParser('top')));
  result.push(pairShorthand('inset-inline', 'inset-inline-start', 'inset-inline-end', physicalParser('left')));
  return result;
}

/** `border-inline-start: <width> || <style> || <color>` reuses the physical side shorthand. */
export function logicalBorderShorthands(parseBorderSide: (nodes: Nodes, ctx: ParseContext) => ReadonlyMap<string, unknown> | typeof INVALID): PropertyDef[] {
  const result: PropertyDef[] = [];
  for (const axis of SIDES) {
    const name = `border-${axis}`;
    const longhands = [`${name}-width`, `${name}-style`, `${name}-color`];
    result.push(shorthand(name, longhands, (nodes, ctx) => {
      const parsed = parseBorderSide(nodes, ctx);
      if (parsed === INVALID) return INVALID;
      return new Map([
        [`${name}-width`, parsed.get('border-top-width')],
        [`${name}-style`, parsed.get('border-top-style')],
        [`${name}-color`, parsed.get('border-top-color')],
      ]);
    }));
  }
  for (const axis of ['block', 'inline']) {
    const name = `border-${axis}`;
    const sides = [`${name}-start`, `${name}-end`];
    const longhands = sides.flatMap((side) => [`${side}-width`, `${side}-style`, `${side}-color`]);
    result.push(shorthand(name, longhands, (nodes, ctx) => {
      const parsed = parseBorderSide(nodes, ctx);
      if (parsed === INVALID) return INVALID;
      const out = new Map<string, unknown>();
      for (const side of sides) {
        out.set(`${side}-width`, parsed.get('border-top-width'));
        out.set(`${side}-style`, parsed.get('border-top-style'));
        out.set(`${side}-color`, parsed.get('border-top-color'));
      }
      return out;
    }));
  }
  return result;
}
