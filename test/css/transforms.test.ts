/** `transform`, `transform-origin`, `clip-path`, `overflow-clip-margin`: parsed and computed values. */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

const pct = (value: number): { kind: 'percent'; value: number } => ({ kind: 'percent', value });

async function computed(css: string): Promise<ReturnType<Awaited<ReturnType<typeof styleWith>>['style']>> {
  const s = await styleWith(`div { ${css} }`, '<div></div>');
  expect(s.diagnostics).toEqual([]);
  return s.style('div');
}

describe('transform (CSS Transforms 1 §13, 2 §13)', () => {
  it('computes each 2D function with its units', async () => {
    const style = await computed('transform: translate(1em, 50%) translateX(2pt) translateY(-3px) rotate(0.25turn) rotate(100grad) rotate(3.14159rad) scale(2) scale(2, 50%) scaleX(3) scaleY(4) skew(10deg) skew(10deg, 20deg) skewX(5deg) skewY(0) matrix(1, 2, 3, 4, 5, 6)');
    const t = style.transform;
    expect(t[0]).toEqual({ kind: 'translate', x: 16, y: pct(50), z: 0 });
    expect(t[1]).toEqual({ kind: 'translate', x: 8 / 3, y: 0, z: 0 });
    expect(t[2]).toEqual({ kind: 'translate', x: 0, y: -3, z: 0 });
    expect(t[3]).toEqual({ kind: 'rotate', x: 0, y: 0, z: 1, angle: 90 });
    expect(t[4]).toMatchObject({ kind: 'rotate', angle: 90 });
    expect((t[5] as { angle: number }).angle).toBeCloseTo(180, 3);
    expect(t.slice(6, 10)).toEqual([
      { kind: 'scale', x: 2, y: 2, z: 1 }, { kind: 'scale', x: 2, y: 0.5, z: 1 },
      { kind: 'scale', x: 3, y: 1, z: 1 }, { kind: 'scale', x: 1, y: 4, z: 1 },
    ]);
    expect(t.slice(10, 14)).toEqual([{ kind: 'skew', x: 10, y: 0 }, { kind: 'skew', x: 10, y: 20 }, { kind: 'skew', x: 5, y: 0 }, { kind: 'skew', x: 0, y: 0 }]);
    expect(t[14]).toEqual({ kind: 'matrix', values: [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1] });
  });

  it('keeps 3D functions (flattened when painted) and the -webkit- alias', async () => {
    const style = await computed('-webkit-transform: rotateX(60deg) translateZ(5px) scale3d(1, 2, 3) rotate3d(0, 0, 2, 30deg)');
    expect(style.transform).toEqual([
      { kind: 'rotate', x: 1, y: 0, z: 0, angle: 60 },
      { kind: 'translate', x: 0, y: 0, z: 5 },
      { kind: 'scale', x: 1, y: 2, z: 3 },
      { kind: 'rotate', x: 0, y: 0, z: 2, angle: 30 },
    ]);
  });

  it('`none` is the empty list; invalid lists are dropped with a warning', async () => {
    expect((await computed('transform: none')).transform).toEqual([]);
    for (const bad of ['rotate(10px)', 'translate(1px, 2px, 3px)', 'scale()', 'translate(10deg)', 'rotate(10deg), scale(2)', 'frobnicate(1)']) {
      const s = await styleWith(`div { transform: ${bad} }`, '<div></div>');
      expect(s.style('div').transform, bad).toEqual([]);
      expect(s.diagnostics.map((d) => d.code), bad).toEqual(['css_invalid_value']);
    }
  });

  it('warns about perspective() and draws the rest', async () => {
    const s = await styleWith('div { transform: perspective(100px) rotate(90deg) }', '<div></div>');
    expect(s.style('div').transform).toEqual([{ kind: 'rotate', x: 0, y: 0, z: 1, angle: 90 }]);
    expect(s.diagnostics.map((d) => [d.code, d.message])).toEqual([['css_unsupported', expect.stringContaining('perspective()')]]);
  });
});

describe('transform-origin (CSS Transforms 1 §7)', () => {
  it('is 50% 50% 0 initially and takes keywords, lengths and a z length', async () => {
    expect((await computed('')).transformOrigin).toEqual({ x: pct(50), y: pct(50), z: 0 });
    expect((await computed('transform-origin: left top')).transformOrigin).toEqual({ x: pct(0), y: pct(0), z: 0 });
    expect((await computed('transform-origin: bottom')).transformOrigin).toEqual({ x: pct(50), y: pct(100), z: 0 });
    expect((await computed('transform-origin: top right')).transformOrigin).toEqual({ x: pct(100), y: pct(0), z: 0 });
    expect((await computed('transform-origin: 10px 25% 2px')).transformOrigin).toEqual({ x: 10, y: pct(25), z: 2 });
    expect((await computed('transform-origin: 1em bottom')).transformOrigin).toEqual({ x: 16, y: pct(100), z: 0 });
  });

  it('rejects a length before a horizontal keyword and a percentage z', async () => {
    for (const bad of ['10px left', 'left top 50%', 'top 10px']) {
      const s = await styleWith(`div { transform-origin: ${bad} }`, '<div></div>');
      expect(s.diagnostics.map((d) => d.code), bad).toEqual(['css_invalid_value']);
    }
  });
});

describe('clip-path (CSS Masking 1 §3.1, CSS Shapes 1 §3.1)', () => {
  it('computes basic shapes with their reference box', async () => {
    expect((await computed('clip-path: inset(1px 2px round 3px)')).clipPath).toEqual({
      shape: { kind: 'inset', sides: [1, 2, 1, 2], radii: [[3, 3], [3, 3], [3, 3], [3, 3]] }, box: 'border-box',
    });
    expect((await computed('clip-path: circle(50% at left 10px) content-box')).clipPath).toEqual({
      shape: { kind: 'circle', radius: pct(50), position: { x: { edge: 'start', offset: pct(0) }, y: { edge: 'start', offset: 10 } } }, box: 'content-box',
    });
    expect((await computed('clip-path: padding-box ellipse()')).clipPath).toMatchObject({ shape: { kind: 'ellipse', rx: 'closest-side', ry: 'closest-side' }, box: 'padding-box' });
    expect((await computed('clip-path: polygon(evenodd, 0 0, 100% 0, 50% 2em)')).clipPath).toEqual({
      shape: { kind: 'polygon', evenOdd: true, points: [[0, 0], [pct(100), 0], [pct(50), 32]] }, box: 'border-box',
    });
    expect((await computed('clip-path: margin-box')).clipPath).toEqual({ shape: undefined, box: 'margin-box' });
    expect((await computed('clip-path: fill-box')).clipPath).toEqual({ shape: undefined, box: 'border-box' });
    expect((await computed("clip-path: path(evenodd, 'M0 0h10v10z') padding-box")).clipPath).toEqual({ shape: { kind: 'path', evenOdd: true, d: 'M0 0h10v10z' }, box: 'padding-box' });
    expect((await computed('clip-path: shape(from 0 1em, arc by 10px 0 of 50% 2px large cw rotate 0.25turn, close)')).clipPath).toEqual({
      shape: { kind: 'shape', evenOdd: false, from: [0, 16], commands: [
        { op: 'arc', by: true, to: [10, 0], controls: [], radii: [pct(50), 2], large: true, clockwise: true, rotate: 90 },
        { op: 'close', by: false, to: [], controls: [], radii: [], large: false, clockwise: false, rotate: 0 },
      ] }, box: 'border-box',
    });
  });

  it('keeps url() references for the box stage and rejects bad shapes', async () => {
    const s = await styleWith('div { clip-path: url(#shape) }', '<div></div>');
    expect(s.style('div').clipPath).toEqual({ reference: expect.stringMatching(/#shape$/) });
    expect(s.diagnostics).toEqual([]);
    for (const bad of ['circle(1px 2px)', 'polygon()', 'inset()', 'ellipse(1px)', 'circle(-1px)', 'square(1px)', 'constructor', 'circle() toString',
      "path('L 1 1')", "path('M 0 0 X')", "path(round, 'M0 0')", 'path(M0 0)', "path('M0 0') inset(1px)", 'xywh(0 0 -1px 1px)', 'rect(1px 2px 3px)',
      'shape(from 0 0)', 'shape(0 0, line to 1px 1px)', 'shape(from 0 0, line to left top)', 'shape(from 0 0, curve to 1px 1px)', 'shape(from 0 0, arc to 1px 1px)',
      'shape(from 0 0, line to 1px 1px 2px)', 'shape(from 0 0, close 1px)']) {
      const bad1 = await styleWith(`div { clip-path: ${bad} }`, '<div></div>');
      expect(bad1.diagnostics.map((d) => d.code), bad).toEqual(['css_invalid_value']);
    }
  });
});

describe('overflow-clip-margin (CSS Overflow 4 §3.2)', () => {
  it('takes a box and a non-negative length', async () => {
    expect((await computed('')).overflowClipMargin).toEqual({ box: 'padding-box', margin: 0 });
    expect((await computed('overflow-clip-margin: 2px')).overflowClipMargin).toEqual({ box: 'padding-box', margin: 2 });
    expect((await computed('overflow-clip-margin: content-box 1em')).overflowClipMargin).toEqual({ box: 'content-box', margin: 16 });
    const s = await styleWith('div { overflow-clip-margin: -1px }', '<div></div>');
    expect(s.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });
});

describe('clip (CSS Masking 1 §5.1)', () => {
  it('computes rect() offsets in px, with or without commas, auto kept', async () => {
    expect((await computed('clip: rect(1em, 2pt, auto, -3px)')).clip).toEqual({ top: 16, right: 8 / 3, bottom: 'auto', left: -3 });
    expect((await computed('clip: rect(0 0 0 0)')).clip).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect((await computed('clip: auto')).clip).toBe('auto');
  });

  it('drops other values with a warning', async () => {
    for (const value of ['rect(1px, 2px, 3px)', 'rect(10%, 0, 0, 0)', 'inset(1px)', 'rect(1px, 2px 3px, 4px)']) {
      const s = await styleWith(`div { clip: ${value} }`, '<div></div>');
      expect(s.diagnostics.map((d) => d.code), value).toEqual(['css_invalid_value']);
      expect(s.style('div').clip).toBe('auto');
    }
  });
});

describe('shape-outside, shape-margin, shape-image-threshold (CSS Shapes 1 §4)', () => {
  it('computes a shape in its box (the margin box by default), a box alone, an image; rejects the rest', async () => {
    expect((await computed('shape-outside: circle(10px at left top)')).shapeOutside).toEqual({
      kind: 'shape', shape: { kind: 'circle', radius: 10, position: { x: { edge: 'start', offset: { kind: 'percent', value: 0 } }, y: { edge: 'start', offset: { kind: 'percent', value: 0 } } } }, box: 'margin-box',
    });
    expect((await computed('shape-outside: content-box')).shapeOutside).toEqual({ kind: 'shape', shape: undefined, box: 'content-box' });
    expect((await computed('shape-outside: url(data:image/png;base64,AAAA)')).shapeOutside).toEqual({ kind: 'image', image: { kind: 'url', url: 'data:image/png;base64,AAAA' } });
    for (const bad of ['fill-box', 'constructor', 'circle() circle()', 'margin-box border-box', '10px']) {
      const s = await styleWith(`div { shape-outside: ${bad} }`, '<div></div>');
      expect(s.diagnostics.map((d) => d.code), bad).toEqual(['css_invalid_value']);
    }
  });

  it('takes a non-negative shape-margin and clamps the threshold to [0, 1]', async () => {
    const s = await computed('shape-margin: 10%; shape-image-threshold: 1.5');
    expect([s.shapeMargin, s.shapeImageThreshold]).toEqual([{ kind: 'percent', value: 10 }, 1]);
    expect((await computed('shape-image-threshold: 40%')).shapeImageThreshold).toBe(0.4);
    const negative = await styleWith('div { shape-margin: -1px }', '<div></div>');
    expect(negative.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });
});

describe('transform-origin of SVG elements (Chromium\'s svg.css)', () => {
  it('is 0 0 for the elements of an inline <svg>, HTML\'s 50% 50% for the HTML in its <foreignObject> and outside', async () => {
    const body = '<svg width="10" height="10"><rect id="r" width="1" height="1"/><foreignObject width="10" height="10"><div id="in">x</div></foreignObject></svg><div id="out">y</div>';
    const doc = await styleWith('.c { transform-origin: center }', body);
    const zero = { x: 0, y: 0, z: 0 };
    const half = { x: { kind: 'percent', value: 50 }, y: { kind: 'percent', value: 50 }, z: 0 };
    expect(['#r', '#in', '#out'].map((s) => doc.style(s).transformOrigin)).toEqual([zero, half, half]);
    const centred = await styleWith('rect { transform-origin: center }', body);
    expect(centred.style('#r').transformOrigin).toEqual(half);
  });
});
