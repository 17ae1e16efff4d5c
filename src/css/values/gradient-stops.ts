/**
 * `<color-stop-list>` of the gradient functions (CSS Images 3 §3.4, CSS Images 4 §3.4): colour
 * stops and transition hints, shared by the standard gradients (image.ts) and the prefixed ones
 * Chromium still draws (legacy-gradient.ts).
 */
import type { CssNode } from 'css-tree';
import type { SpecifiedColor } from './color.js';
import { parseColor } from './color.js';
import { parseAngle } from './angle.js';
import { parseCalcFunction, percentOnly } from './calc.js';
import type { Nodes } from './nodes.js';
import type { SpecifiedLength } from './units.js';
import { parseLength } from './units.js';

export interface SpecifiedStop {
  readonly color: SpecifiedColor | undefined; // undefined: a transition hint
  readonly position: SpecifiedLength | undefined;
}

/** `<color-stop-list>`; conic stops take angles, stored as percentages of a turn. */
export function parseStops(args: readonly Nodes[], angular: boolean): SpecifiedStop[] | undefined {
  const stops: SpecifiedStop[] = [];
  const positionOf = (node: CssNode | undefined): SpecifiedLength | undefined => {
    if (angular) {
      const angle = parseAngle(node);
      if (angle !== undefined) return { kind: 'percent', value: (angle / 360) * 100 };
      if (node?.type === 'Percentage') return { kind: 'percent', value: Number(node.value) };
      // a math function of percentages (`calc(var(--p) * 1%)`, the donut charts' idiom)
      const calc = node?.type === 'Function' ? parseCalcFunction(node) : undefined;
      const percent = calc?.type === 'length' ? percentOnly(calc.node) : undefined;
      return percent === undefined ? undefined : { kind: 'percent', value: percent };
    }
    return parseLength(node, { percent: true, negative: true });
  };
  for (const arg of args) {
    const color = parseColor(arg[0]);
    const rest = color === undefined ? arg : arg.slice(1);
    if (rest.length > 2 || (color === undefined && rest.length !== 1)) return undefined;
    const positions = rest.map(positionOf);
    if (positions.some((p) => p === undefined)) return undefined;
    if (color === undefined) {
      // a transition hint must sit between two colour stops
      if (stops.length === 0 || stops[stops.length - 1]!.color === undefined) return undefined;
      stops.push({ color: undefined, position: positions[0] });
      continue;
    }
    if (positions.length === 0) stops.push({ color, position: undefined });
    for (const position of positions) stops.push({ color, position });
  }
  const colors = stops.filter((s) => s.color !== undefined).length;
  if (colors < 1 || stops[stops.length - 1]!.color === undefined) return undefined;
  return stops;
}
