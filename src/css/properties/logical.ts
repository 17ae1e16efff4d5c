/**
 * Flow-relative properties (CSS Logical 1) for horizontal writing: block-start/end are top/bottom;
 * inline-start/end are left/right in ltr and right/left in rtl, chosen per element from its
 * computed `direction` when the cascade applies the declaration.
 */
import type { Nodes, ParseContext, PropertyDef, ShorthandDef } from './define.js';
import { INVALID, shorthand } from './define.js';

/** A logical longhand: an alias whose physical target depends on the direction. */
export interface LogicalDef {
  readonly kind: 'logical';
  readonly name: string;
  readonly ltr: string;
  readonly rtl: string;
}

const AXES: Readonly<Record<string, { ltr: string; rtl: string }>> = {
  'block-start': { ltr: 'top', rtl: 'top' },
  'block-end': { ltr: 'bottom', rtl: 'bottom' },
  'inline-start': { ltr: 'left', rtl: 'right' },
  'inline-end': { ltr: 'right', rtl: 'left' },
};

function logicalFamily(prefix: string, suffix: string): LogicalDef[] {
  return Object.entries(AXES).map(([axis, sides]) => ({
    kind: 'logical',
    name: `${prefix}${axis}${suffix}`,
    ltr: `${prefix}${sides.ltr}${suffix}`,
    rtl: `${prefix}${sides.rtl}${suffix}`,
  }));
}

export const LOGICAL_LONGHANDS: readonly LogicalDef[] = [
  ...logicalFamily('margin-', ''),
  ...logicalFamily('padding-', ''),
  ...logicalFamily('inset-', '').map((def) => ({ ...def, ltr: def.ltr.slice(6), rtl: def.rtl.slice(6) })),
  ...logicalFamily('border-', '-width'),
  ...logicalFamily('border-', '-style'),
  ...logicalFamily('border-', '-color'),
  { kind: 'logical', name: 'inline-size', ltr: 'width', rtl: 'width' },
  { kind: 'logical', name: 'block-size', ltr: 'height', rtl: 'height' },
  { kind: 'logical', name: 'min-inline-size', ltr: 'min-width', rtl: 'min-width' },
  { kind: 'logical', name: 'min-block-size', ltr: 'min-height', rtl: 'min-height' },
  { kind: 'logical', name: 'max-inline-size', ltr: 'max-width', rtl: 'max-width' },
  { kind: 'logical', name: 'max-block-size', ltr: 'max-height', rtl: 'max-height' },
  // corners, block side first (CSS Logical 1 §4.6): what Tailwind's rounded-s-*, rounded-ss-*… write
  { kind: 'logical', name: 'border-start-start-radius', ltr: 'border-top-left-radius', rtl: 'border-top-right-radius' },
  { kind: 'logical', name: 'border-start-end-radius', ltr: 'border-top-right-radius', rtl: 'border-top-left-radius' },
  { kind: 'logical', name: 'border-end-start-radius', ltr: 'border-bottom-left-radius', rtl: 'border-bottom-right-radius' },
  { kind: 'logical', name: 'border-end-end-radius', ltr: 'border-bottom-right-radius', rtl: 'border-bottom-left-radius' },
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
  for (const axis of Object.keys(AXES)) {
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
