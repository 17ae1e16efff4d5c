/**
 * SVG markers (SVG 2 §11.6): placement at start/mid/end vertices, orient (auto,
 * auto-start-reverse, angles), markerUnits, refX/refY, viewBox, clipping, context paints.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';
import { pathVertices, autoAngle } from '../../src/paint/svg-marker.js';

function draw(body: string, size: string, attrs: string): Promise<string[]> {
  return renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style><svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);
}

describe('SVG marker vertices', () => {
  it('lists each subpath start and segment end with in and out directions', () => {
    const v = pathVertices([{ op: 'move', x: 0, y: 0 }, { op: 'line', x: 4, y: 0 }, { op: 'line', x: 4, y: 4 }]);
    expect(v.map((p) => [p.x, p.y])).toEqual([[0, 0], [4, 0], [4, 4]]);
    expect(autoAngle(v[0]!)).toBeCloseTo(0);
    expect(autoAngle(v[1]!)).toBeCloseTo(Math.PI / 4);
    expect(autoAngle(v[2]!)).toBeCloseTo(Math.PI / 2);
  });

  it('gives a closed subpath\'s start the closing segment as incoming direction', () => {
    const v = pathVertices([{ op: 'move', x: 0, y: 0 }, { op: 'line', x: 4, y: 0 }, { op: 'line', x: 4, y: 4 }, { op: 'close' }]);
    expect(v).toHaveLength(4);
    // in along the closing segment (-135°), out along +x (0°): the bisector is -67.5°
    expect(autoAngle(v[0]!)).toBeCloseTo((-3 * Math.PI) / 8);
    expect(autoAngle(v[3]!)).toBeCloseTo(autoAngle(v[0]!));
  });
});

describe('SVG markers', () => {
  it('draws start, mid and end markers scaled by the stroke width, refX/refY at the vertex', async () => {
    const marker = '<marker id="m" markerWidth="1" markerHeight="1" refX="0.5" refY="0.5"><rect width="1" height="1" fill="red"/></marker>';
    expect(await draw(`${marker}<path d="M 2 2 H 6 H 10" stroke="blue" stroke-width="2" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>`, '12px 4px', 'width="12" height="4"')).toEqual([
      '____________',
      '_RRBBRRBBRR_',
      '_RRBBRRBBRR_',
      '____________',
    ]);
  });

  it('uses the marker shorthand in style and user units with markerUnits=userSpaceOnUse', async () => {
    const marker = '<marker id="m" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="2"><rect width="2" height="2" fill="red"/></marker>';
    expect(await draw(`${marker}<polyline points="1 1 5 1" stroke-width="9" fill="none" style="marker: url(#m)"/>`, '8px 4px', 'width="8" height="4"')).toEqual([
      '________',
      '_RR__RR_',
      '_RR__RR_',
      '________',
    ]);
  });

  it('orients auto along the path, auto-start-reverse turns the start marker', async () => {
    // an arrow-ish marker: 2 wide along the direction, 1 high, its left end at the vertex
    const marker = (orient: string): string => `<marker id="m" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="1" refY="0.5" orient="${orient}"><rect width="2" height="1" fill="red"/></marker>`;
    const path = '<path d="M 3.5 3 V 6" marker-start="url(#m)" marker-end="url(#m)"/>';
    expect(await draw(`${marker('auto')}${path}`, '7px 9px', 'width="7" height="9"')).toEqual([
      '_______', '_______', '_______', '___R___', '___R___', '_______', '___R___', '___R___', '_______',
    ]);
    expect(await draw(`${marker('auto-start-reverse')}${path}`, '7px 9px', 'width="7" height="9"')).toEqual([
      '_______', '___R___', '___R___', '_______', '_______', '_______', '___R___', '___R___', '_______',
    ]);
    expect(await draw(`${marker('-90deg')}${path}`, '7px 9px', 'width="7" height="9"')).toEqual([
      '_______', '___R___', '___R___', '_______', '___R___', '___R___', '_______', '_______', '_______',
    ]);
  });

  it('fits the content by viewBox and clips it to the marker viewport; context-fill paints like the shape', async () => {
    const marker = '<marker id="m" markerUnits="userSpaceOnUse" viewBox="0 0 10 10" markerWidth="2" markerHeight="2"><rect x="-50" y="-50" width="100" height="100" fill="context-fill"/></marker>';
    expect(await draw(`${marker}<line x1="1" y1="1" x2="5" y2="1" fill="blue" marker-end="url(#m)"/>`, '8px 4px', 'width="8" height="4"')).toEqual([
      '________',
      '_____BB_',
      '_____BB_',
      '________',
    ]);
  });

  it('draws past the marker viewport with overflow visible, from the attribute or a rule', async () => {
    const marker = (attrs: string): string => `<marker id="m" markerUnits="userSpaceOnUse" viewBox="0 0 10 10" markerWidth="2" markerHeight="2" ${attrs}><rect x="-50" y="-50" width="100" height="100" fill="context-fill"/></marker>`;
    const all = Array<string>(4).fill('BBBBBBBB');
    expect(await draw(`${marker('overflow="visible"')}<line x1="1" y1="1" x2="5" y2="1" fill="blue" marker-end="url(#m)"/>`, '8px 4px', 'width="8" height="4"')).toEqual(all);
    // before: a rule's overflow was not read (only the attribute and the style attribute)
    expect(await draw(`<style>.open { overflow: visible }</style>${marker('class="open"')}<line x1="1" y1="1" x2="5" y2="1" fill="blue" marker-end="url(#m)"/>`, '8px 4px', 'width="8" height="4"')).toEqual(all);
  });
});
