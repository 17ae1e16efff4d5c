/**
 * `shape()` (CSS Shapes 2 §3.2) for `clip-path`: a path drawn with lengths and percentages of the
 * reference box, so it follows the box's size (a wave under a header of any width). The commands
 * `move`, `line`, `hline`, `vline`, `curve`, `smooth`, `arc` and `close`, each `to` a point of the
 * box or `by` an offset from the last one; points are `<length-percentage>` pairs (the position
 * keywords and the `from start | end | origin` anchors of control points are not taken: the value
 * is then invalid, and warned). Computed to px and percentages; paint writes it as SVG path data
 * against the box (paint/clip-path.ts).
 */
import type { CssNode } from 'css-tree';
import type { LengthPercentage } from '../model/types.js';
import type { ShapeCommand, ShapeCommandOp, ShapeFunction } from '../model/effect-types.js';
import { parseAngle } from './angle.js';
import { childrenOf, identOf, splitBy } from './nodes.js';
import type { LengthContext, SpecifiedLength } from './units.js';
import { computeLength, parseLength } from './units.js';

class Invalid extends Error {}

const lp = (node: CssNode | undefined): SpecifiedLength => {
  const length = parseLength(node, { percent: true, negative: true });
  if (length === undefined) throw new Invalid();
  return length;
};

/** `shape( <fill-rule>? from <x> <y> , <shape-command># )`; undefined when not one. */
export function parseShapeFunction(node: CssNode | undefined): ShapeFunction<SpecifiedLength> | undefined {
  if (node?.type !== 'Function' || node.name.toLowerCase() !== 'shape') return undefined;
  try {
    const [head, ...commands] = splitBy(childrenOf(node).filter((child) => child.type !== 'WhiteSpace'), ',');
    if (head === undefined || commands.length === 0) return undefined;
    const rule = identOf(head[0]);
    const start = rule === 'evenodd' || rule === 'nonzero' ? 1 : 0;
    if (identOf(head[start]) !== 'from' || head.length !== start + 3) return undefined;
    return { kind: 'shape', evenOdd: rule === 'evenodd', from: [lp(head[start + 1]), lp(head[start + 2])], commands: commands.map(parseCommand) };
  } catch {
    return undefined;
  }
}

function parseCommand(nodes: readonly CssNode[]): ShapeCommand<SpecifiedLength> {
  const op = identOf(nodes[0]) as ShapeCommandOp | undefined;
  const command = { op: op!, by: false, to: [] as SpecifiedLength[], controls: [] as SpecifiedLength[], radii: [] as SpecifiedLength[], large: false, clockwise: false, rotate: 0 };
  if (op === 'close') {
    if (nodes.length !== 1) throw new Invalid();
    return command;
  }
  const how = identOf(nodes[1]);
  if (how !== 'to' && how !== 'by') throw new Invalid();
  command.by = how === 'by';
  const points = op === 'hline' || op === 'vline' ? 1 : 2;
  command.to = nodes.slice(2, 2 + points).map(lp);
  if (command.to.length !== points) throw new Invalid();
  const rest = nodes.slice(2 + points);
  switch (op) {
    case 'move':
    case 'line':
    case 'hline':
    case 'vline':
      if (rest.length > 0) throw new Invalid();
      return command;
    case 'curve':
    case 'smooth': {
      if (rest.length === 0 && op === 'smooth') return command;
      if (identOf(rest[0]) !== 'with') throw new Invalid();
      const pairs = splitBy(rest.slice(1), '/');
      if (pairs.length > (op === 'curve' ? 2 : 1) || pairs.some((pair) => pair.length !== 2)) throw new Invalid();
      command.controls = pairs.flatMap((pair) => pair.map(lp));
      return command;
    }
    case 'arc': return arcCommand(command, rest);
    default: throw new Invalid();
  }
}

/** `[ of <length-percentage>{1,2} ] && [ cw | ccw ]? && [ large | small ]? && [ rotate <angle> ]?` */
function arcCommand(command: ShapeCommand<SpecifiedLength> & { radii: SpecifiedLength[]; large: boolean; clockwise: boolean; rotate: number }, rest: readonly CssNode[]): ShapeCommand<SpecifiedLength> {
  for (let i = 0; i < rest.length; i++) {
    const word = identOf(rest[i]);
    if (word === 'of' && command.radii.length === 0) {
      const second = parseLength(rest[i + 2], { percent: true, negative: false });
      command.radii = [lp(rest[i + 1]), ...(second === undefined ? [] : [second])];
      i += command.radii.length;
    } else if (word === 'cw' || word === 'ccw') command.clockwise = word === 'cw';
    else if (word === 'large' || word === 'small') command.large = word === 'large';
    else if (word === 'rotate') {
      const angle = parseAngle(rest[++i]);
      if (angle === undefined) throw new Invalid();
      command.rotate = angle;
    } else throw new Invalid();
  }
  if (command.radii.length === 0) throw new Invalid();
  return command;
}

export function computeShapeFunction(shape: ShapeFunction<SpecifiedLength>, ctx: LengthContext): ShapeFunction {
  const length = (value: SpecifiedLength): LengthPercentage => computeLength(value, ctx);
  return {
    kind: 'shape', evenOdd: shape.evenOdd, from: [length(shape.from[0]), length(shape.from[1])],
    commands: shape.commands.map((c) => ({ ...c, to: c.to.map(length), controls: c.controls.map(length), radii: c.radii.map(length) })),
  };
}
