/**
 * `text-combine-upright: all` (CSS Writing Modes 3 §9.1, tate-chū-yoko): the digits of a date in
 * a vertical Japanese line set side by side in one em along the line and across it, compressed to
 * one em when wider, centred across the line as its upright characters are — as Chromium 156
 * prints them (pages compared as PNGs; geometry here in the turned frame the vertical flow is
 * laid out in: x down the line, y across it).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import type { Fragment } from '../../src/layout/types.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/tate-chu-yoko.test.ts: tests skipped${skipped}`);

/** The first box fragment of the element `id`, in its parent's frame. */
function byId(fragments: readonly Fragment[], id: string): Fragment | undefined {
  for (const f of fragments) {
    if (f.kind === 'box' && f.box.element?.attribs['id'] === id) return f;
    const inner = 'children' in f ? byId(f.children, id) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** A combined box `id` of the first page as data: its place (x, and y when asked), size and the scale that fits its text to one em. */
function combined(laid: { pages: readonly { children: readonly Fragment[] }[] }, id: string, withY: boolean): string {
  const f = byId(laid.pages[0]!.children, id);
  if (f?.kind !== 'box') throw new Error(`#${id} not laid out`);
  const scale = f.style.transform.find((t) => t.kind === 'scale');
  return `${id} ${f.x}${withY ? `,${f.y.toFixed(2)}` : ''} ${f.width}x${f.height} ×${scale?.kind === 'scale' ? scale.x.toFixed(3) : 1}`;
}

describe.skipIf(noCjk)(`tate-chū-yoko${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });

  it('takes one em along the line and across it, its text compressed to one em when wider', async () => {
    // octavo: as long along the line as its text was wide (2026: 44px at 20px), off the line's centre
    const laid = await engine.layout({
      template: `<!DOCTYPE html><html lang=ja><style>@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 20px/32px "Noto Sans CJK JP"; writing-mode: vertical-rl }
        .t { text-combine-upright: all }</style><p>令和<span class=t id=a>8</span>年<span class=t id=b>12</span>月<span class=t id=c>2026</span>日<span class=t id=d style="display:inline-block">12</span></p>`,
      data: {},
    });
    checkDiagnostics(laid.diagnostics, []);
    const box = (id: string): string => combined(laid, id, true);
    // y: centred between the font's ascent and descent (1.16em), as 令 and 年 are
    // an inline-block of it too (its text inherits the property)
    expect(['a', 'b', 'c', 'd'].map(box)).toEqual(['a 40,5.28 20x20 ×1.000', 'b 80,5.28 20x20 ×0.901', 'c 120,5.28 20x20 ×0.450', 'd 160,5.28 20x20 ×0.901']);
  });

  it("is one glyph: the paragraph's text-indent and letter-spacing are not inside it", async () => {
    // octavo: the inherited 1em indent widened it to 40px (squeezed ×0.5, its digit off the square),
    // the letter-spacing after each digit too; Chromium 156: a at 70 (20 indent, 令 和 25 each), b at 115
    const laid = await engine.layout({
      template: `<!DOCTYPE html><html lang=ja><style>@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 20px/32px "Noto Sans CJK JP"; writing-mode: vertical-rl }
        .t { text-combine-upright: all }</style><p style="text-indent: 1em; letter-spacing: 0.25em">令和<span class=t id=a>8</span>年<span class=t id=b>12</span>月</p>`,
      data: {},
    });
    checkDiagnostics(laid.diagnostics, []);
    const box = (id: string): string => combined(laid, id, false);
    expect(['a', 'b'].map(box)).toEqual(['a 70 20x20 ×1.000', 'b 115 20x20 ×0.901']);
  });
});
