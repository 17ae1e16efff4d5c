/** box-decoration-break: clone (CSS Fragmentation 3 §5.4), painted on tiny pages at 1 CSS px per pixel. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

const pages = (html: string): Promise<string[][]> => renderPixels(html, { baseDir: FONTS });

describe('box-decoration-break: clone, painted', () => {
  it('draws the whole border, padding, rounded corners and background on each page\'s fragment', async () => {
    // 10px pages: 3px of edges above and below leave 4px, two of the three 2px children per page
    const [first, second, more] = await pages(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      #c { margin: 0 1px; border: 1px solid red; border-radius: 3px; padding: 2px; background: blue; box-decoration-break: clone }
      #c > div { height: 2px; background: lime }</style><div id=c><div></div><div></div><div></div></div>`);
    expect(more).toBeUndefined();
    expect(first).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
    ]);
    expect(second).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
      '__________',
      '__________',
    ]);
  });

  it('wraps each line\'s fragment of an inline box in its border and padding, its background drawn in each fragment\'s own box', async () => {
    // `wp` letters are 2px squares. Sliced, "k [aa bb" fills the 16px line (the space after bb
    // hangs); cloned, the span owes its 2px end edge there, so bb goes to the next line.
    const html = (decoration: string, background: string): string => `<style>@font-face { font-family: wp; src: url(weasyprint.otf) }
      @page { size: 16px 8px; margin: 0 } body { margin: 0; font: 2px/4px wp; color: red } p { margin: 0 }
      span { border: 1px solid blue; padding: 0 1px; background: ${background}; box-decoration-break: ${decoration} }
      </style><p>k <span>aa bb cc</span></p>`;
    expect(await pages(html('clone', 'linear-gradient(to right, lime 50%, yellow 50%)'))).toEqual([[
      '____BBBBBBBB____',
      'RR__BGRRRRYB____',
      'RR__BGRRRRYB____',
      '____BBBBBBBB____',
      'BBBBBBBBBBBBBB__',
      'BGRRRRGYRRRRYB__',
      'BGRRRRGYRRRRYB__',
      'BBBBBBBBBBBBBB__',
    ]]);
    expect(await pages(html('slice', 'lime'))).toEqual([[
      '____BBBBBBBBBBBB',
      'RR__BGRRRRGGRRRR',
      'RR__BGRRRRGGRRRR',
      '____BBBBBBBBBBBB',
      'BBBBBB__________',
      'RRRRGB__________',
      'RRRRGB__________',
      'BBBBBB__________',
    ]]);
  });
});
