/**
 * Conic gradients drawn as wedges (paint/gradient.ts): one fan per run of a colour, so that a pie
 * chart's slices are one path each (360 one-degree wedges meeting at the centre left specks there
 * in viewers), and a degree-wide wedge where the colour changes.
 */
import { describe, expect, it } from 'vitest';
import { paintGradient } from '../../src/paint/gradient.js';
import type { ConicGradient } from '../../src/css/model/image-types.js';

const CENTER = { x: { edge: 'start', offset: { kind: 'percent', value: 50 } }, y: { edge: 'start', offset: { kind: 'percent', value: 50 } } } as const;
const color = (r: number, g: number, b: number) => ({ r, g, b, a: 1 });
const pct = (value: number) => ({ kind: 'percent', value }) as const;

describe('conic gradient wedges', () => {
  it('a hard-stop pie chart is one path per slice, each reaching half a degree under the next, the first under the last', () => {
    const pie: ConicGradient = {
      kind: 'conic', repeating: false, from: 0, position: CENTER,
      stops: [
        { color: color(78, 121, 167), position: pct(0) }, { color: color(78, 121, 167), position: pct(40) },
        { color: color(242, 142, 43), position: pct(40) }, { color: color(242, 142, 43), position: pct(70) },
        { color: color(225, 87, 89), position: pct(70) }, { color: color(225, 87, 89), position: pct(100) },
      ],
    };
    const items = paintGradient(pie, { x: 0, y: 0, width: 100, height: 100 });
    expect(items.map((item) => item.kind)).toEqual(['fill-path', 'fill-path', 'fill-path']);
    // the first slice: the centre, half a degree before its start, 144 one-degree points of its
    // arc, half a degree past its end
    const first = items[0]!;
    if (first.kind !== 'fill-path') throw new Error('not a path');
    expect(first.path.length).toBe(1 + 1 + 144 + 1 + 1);
    // the last, painted last, ends where the first starts (12 o'clock), not half a degree on
    const last = items[2]!;
    if (last.kind !== 'fill-path') throw new Error('not a path');
    const end = last.path[last.path.length - 2]!;
    if (end.op !== 'line') throw new Error('not a line');
    expect(end.x).toBeCloseTo(50, 6);
  });

  it('a smooth gradient changes colour every degree', () => {
    const hues: ConicGradient = { kind: 'conic', repeating: false, from: 0, position: CENTER, stops: [{ color: color(255, 0, 0), position: undefined }, { color: color(0, 0, 255), position: undefined }] };
    expect(paintGradient(hues, { x: 0, y: 0, width: 10, height: 10 }).length).toBe(360);
  });
});
