/**
 * `<wbr>` (HTML §4.5.29): a line break opportunity where it stands, no character in the text.
 * Expected sizes are Chromium 156's getBoundingClientRect of the same page: it breaks at a `<wbr>`
 * inside `<nobr>` and `white-space: nowrap` too, and a min-content box is as wide as the widest
 * stretch between them.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { sizesById } from '../helpers/layout.js';
import { renderPdf } from '../helpers/render.js';
import { pdfWords } from '../helpers/words.js';

const engine = createInternalEngine();
const PAGE = '<!DOCTYPE html><style>@page { size: 300px 400px; margin: 0 } body { margin: 0; font: 16px/18px "Liberation Sans"; width: 150px }</style>';

describe('<wbr>', () => {
  it('breaks a long word there, in nowrap text too, and counts for min-content', async () => {
    expect(await sizesById(engine, `${PAGE}<div id=a>aaaaaaaa/<wbr>bbbbbbb/<wbr>ccccccc/<wbr>dddddd</div>
      <div id=b style="width: min-content">xxxx<wbr>yyyyyy<wbr>zz</div>
      <div id=c><nobr>nnnnnnnnn<wbr>nnnnnnnnnn<wbr>oooooo</nobr></div>
      <div id=d style="white-space: nowrap">pppppppppp<wbr>qqqqqqqqqqq</div>
      <div id=e>aaaa <wbr> bbbb</div>`, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a 150x36', 'b 48x54', 'c 150x36', 'd 150x36', 'e 150x18']);
  });

  it('adds nothing to the text a reader copies', async () => {
    const pdf = await renderPdf(`${PAGE}<p>aaaaaaaa/<wbr>bbbbbbb/<wbr>ccccccc/<wbr>dddddd</p>`);
    expect((await pdfWords(pdf)).map((w) => w.text)).toEqual(['aaaaaaaa/bbbbbbb/', 'ccccccc/dddddd']);
  });
});
