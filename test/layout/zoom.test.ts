import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '<style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } div { background: #ccc }</style>';

async function boxes(body: string, ids: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(PAGE + body);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    return `${id} ${f.x},${f.y} ${f.width}x${f.height}`;
  });
}

// Every expected box is the one Chromium 156 lays out for the same HTML (getBoundingClientRect).
describe('zoom (CSS Viewport 1 §5)', () => {
  it('scales lengths, paddings, borders and margins by a percentage', async () => {
    expect(await boxes('<div id=a style="zoom: 50%; width: 200px; height: 40px; margin: 10px; padding: 4px; border: 2px solid">x</div>', ['a']))
      .toEqual(['a 5,5 106x26']);
  });

  it('multiplies nested zooms, font sizes and em lengths included', async () => {
    const body = '<div id=b style="zoom: 1.5; width: 100px; font-size: 20px; line-height: 1"><div id=c style="zoom: 2; width: 50px; height: 1em; border: 1px solid">y</div></div>'
      + '<div id=d style="zoom: 2; width: 5em">z</div>';
    expect(await boxes(body, ['b', 'c', 'd'])).toEqual(['b 0,0 150x66', 'c 0,0 156x66', 'd 0,66 160x40']);
  });

  it('is not warned about, and zoom: normal and 1 change nothing', async () => {
    expect(await boxes('<div id=e style="zoom: normal; width: 10px; height: 10px"></div><div id=f style="zoom: 1; width: 10px; height: 10px"></div>', ['e', 'f']))
      .toEqual(['e 0,0 10x10', 'f 0,10 10x10']);
  });
});

describe('zoom on images', () => {
  it('scales an image natural size', async () => {
    const svg = encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>');
    const doc = await layoutHtml(`${PAGE}<div style="zoom: 2; line-height: 0"><img id=i style="display: block" src="data:image/svg+xml,${svg}"></div>`);
    const f = findById(doc.pages[0]!, 'i')!;
    expect(`${f.width}x${f.height}`).toBe('80x40');
  });
});
