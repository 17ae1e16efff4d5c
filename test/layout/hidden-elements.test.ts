/**
 * Elements a browser does not render on a printed page, and the open `<dialog>`, as Chromium 156
 * lays them out (getBoundingClientRect on the same page; its viewport width put to the page's):
 * a closed popover, `hidden=until-found` (its box kept, its content skipped), `<noscript>` (Chromium
 * prints with scripting enabled), a closed dialog; an open dialog is absolutely positioned, as wide
 * and tall as its content and centred.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import { renderPdf } from '../helpers/render.js';
import { pdfWords } from '../helpers/words.js';
import type { Fragment } from '../../src/layout/types.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 500px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }</style>';

function box(id: string, fragment: Fragment | undefined): string {
  if (fragment === undefined) return `${id} not laid out`;
  return `${id} ${+fragment.x.toFixed(2)},${+fragment.y.toFixed(2)} ${+fragment.width.toFixed(2)}x${+fragment.height.toFixed(2)}`;
}

describe('elements hidden on paper', () => {
  it('leaves out popovers, noscript and closed dialogs, keeps an until-found box empty, and centres an open dialog', async () => {
    const doc = await layoutHtml(`${PAGE}<p id=a style="margin:0">start</p><div id=pop popover>popover</div><div id=uf hidden=until-found style="padding: 2px">until found</div>
      <dialog id=dc>closed</dialog><noscript id=ns>no script</noscript><p id=b style="margin:0">middle</p><dialog id=dlg open>open dialog</dialog><p id=c style="margin:0">end</p>`);
    const page = doc.pages[0]!;
    const ids = ['a', 'pop', 'uf', 'dc', 'ns', 'b', 'c'];
    expect(ids.map((id) => box(id, findById(page, id)))).toEqual([
      'a 0,0 600x20', 'pop not laid out', 'uf 0,20 600x4', 'dc not laid out', 'ns not laid out', 'b 0,24 600x20', 'c 0,44 600x20',
    ]);
    // Chromium's 239.63,44 120.75x58: the text's width differs by a fraction of a pixel
    const dialog = findById(page, 'dlg')!;
    expect(Math.abs(dialog.x - 239.63)).toBeLessThan(0.6);
    expect(Math.abs(dialog.width - 120.75)).toBeLessThan(1.2);
    expect([dialog.y, dialog.height]).toEqual([44, 58]);
    expect(page.children.flatMap(textFragments).map((t) => t.text).join(' ')).not.toMatch(/popover|until|script|closed/);
  });

  // Chromium's marquee starts its text outside its box (it scrolls in), so none shows at print time; an
  // <audio> without controls shows nothing, one with controls Chromium's 300×54 player, before it plays
  it('keeps a marquee its line with no text showing, and an audio player its box', async () => {
    const doc = await layoutHtml(`${PAGE}<marquee id=mq>scrolling news</marquee><p id=a style="margin:0">after</p><audio id=au></audio><audio id=ac controls></audio><p id=b style="margin:0">end</p>`);
    const page = doc.pages[0]!;
    expect(['mq', 'a', 'au', 'ac', 'b'].map((id) => box(id, findById(page, id)))).toEqual([
      'mq 0,0 600x20', 'a 0,25 600x20', 'au not laid out', 'ac 0,45 300x54', 'b 0,104 600x20',
    ]);
    const pdf = await renderPdf(`${PAGE}<marquee>scrolling news</marquee><p>after</p>`);
    expect((await pdfWords(pdf)).map((w) => w.text)).toEqual(['after']);
    // the player's time, where Chromium prints it (x 65.25px, the baseline 32px into the pill at 8px 8px)
    const player = await pdfWords(await renderPdf('<!DOCTYPE html><style>@page { size: 400px 100px; margin: 0 }</style><audio controls></audio>'));
    expect(player.map((w) => w.text)).toEqual(['0:00', '/', '0:00']);
  });
});

