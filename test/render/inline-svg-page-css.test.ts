/**
 * The page's CSS styles an inline `<svg>` and its elements as in a browser: inherited SVG
 * properties (`fill`, `stroke`…) from rules that match them or an HTML ancestor.
 */
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const pixels = async (css: string, body: string, height = 2): Promise<string[]> => {
  const [page] = await renderPixels(`<style>@page { size: 8px ${height}px; margin: 0 } body { margin: 0; line-height: 0 } svg { display: block } ${css}</style>${body}`);
  return page!;
};
const square = (attrs = ''): string => `<rect width="2" height="2" ${attrs}/>`;

describe('inline SVG styled by the page\'s CSS', () => {
  it('a rule on the <svg> fills its shapes; one on a shape outranks its presentation attribute', async () => {
    expect(await pixels('.icon { fill: blue } .icon .hot { fill: red }', `<svg class="icon" width="8" height="2">${square()}<g transform="translate(2)">${square('fill="lime"')}</g><g transform="translate(4)">${square('class="hot" fill="lime"')}</g></svg>`))
      .toEqual(['BBGGRR__', 'BBGGRR__']);
  });

  it('inherited from an HTML ancestor, below the <svg>\'s own attributes; var() and currentColor resolve', async () => {
    expect(await pixels(':root { --accent: red } .box { fill: var(--accent); color: blue } .box .b { fill: currentColor }',
      `<div class="box"><svg width="8" height="2">${square()}<g transform="translate(2)">${square('class="b"')}</g></svg><svg width="8" height="2" fill="lime">${square()}</svg></div>`, 4))
      .toEqual(['RRBB____', 'RRBB____', 'GG______', 'GG______']);
  });

  it('stroke and stroke-width from the page', async () => {
    expect(await pixels('svg line { stroke: red; stroke-width: 2 }', '<svg width="8" height="2"><line x1="0" y1="1" x2="8" y2="1"/></svg>'))
      .toEqual(['RRRRRRRR', 'RRRRRRRR']);
  });
});
