import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '<style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } div { box-sizing: border-box }</style>';

/** `x,y wxh` of each id, in order. */
async function boxes(body: string, ids: readonly string[], css = ''): Promise<string[]> {
  const doc = await layoutHtml(`${PAGE}<style>${css}</style>${body}`);
  return ids.map((id) => {
    const fragment = findById(doc.pages[0]!, id);
    if (fragment === undefined) throw new Error(`#${id} not laid out`);
    return `${fragment.x},${fragment.y} ${fragment.width}x${fragment.height}`;
  });
}

describe('explicit grid and fixed tracks (CSS Grid 1 §7.2)', () => {
  it('places items in rows of fixed columns with gaps', async () => {
    expect(await boxes(`<div style="display:grid;grid-template-columns:100px 50px;gap:10px 20px">
      <div id=a style="height:30px"></div><div id=b></div><div id=c style="height:5px"></div></div>`, ['a', 'b', 'c']))
      .toEqual(['0,0 100x30', '120,0 50x30', '0,40 100x5']);
  });
});

describe('track sizing (§11)', () => {
  it('shares the free space between fr tracks (§11.7)', async () => {
    expect(await boxes(`<div style="display:grid;grid-template-columns:1fr 2fr 100px;width:400px">
      <div id=a style="height:10px"></div><div id=b></div><div id=c></div></div>`, ['a', 'b', 'c']))
      .toEqual(['0,0 100x10', '100,0 200x10', '300,0 100x10']);
  });
});
