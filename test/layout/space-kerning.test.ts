/**
 * Kerning across the spaces between words. Layout shapes a word and its spaces apart, where a
 * browser shapes the text whole: Liberation Serif kerns "A" before a space by -113 units and a
 * space before "T" by -37, and Chromium's lines hold those. Figures are Chromium 156's
 * (getBoundingClientRect, the bundled Liberation fonts).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames, textFragments } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const engine = createInternalEngine();

async function layOut(body: string) {
  return inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>@page { size: 400mm 200mm; margin: 0 } body { margin: 0; font: 100px 'Liberation Serif' } p { margin: 0 }</style>${body}`, data: {} }));
}

const units = (px: number): number => Math.round(px / 100 * 2048 * 1000) / 1000;

describe('kerning across spaces', () => {
  it('kerns a word\'s last letter with the space after it, and the space with the next word', async () => {
    const doc = await layOut('<p id=p>A Tale</p>');
    const [text] = textFragments(findById(doc.pages[0]!, 'p')!);
    const advances = text!.runs.flatMap((run) => run.advances.map(units));
    // A 1479 - 113, space 512 - 37, T 1251 - 143 (kerned with a, as before)
    expect(advances.slice(0, 3)).toEqual([1366, 475, 1108]);
  });

  it('sizes a float by its kerned text, as Chromium does, and nothing with font-kerning: none', async () => {
    const doc = await layOut('<div id=kerned style="float: left">A Tale of Two</div><div id=plain style="float: left; clear: left; font-kerning: none">A Tale of Two</div>');
    const width = (id: string) => Math.round(findById(doc.pages[0]!, id)!.width * 1000) / 1000;
    // Chromium 156: 568.359 and 591.469 (its advances on a 1/64 px grid)
    expect(width('kerned')).toBeCloseTo(568.359, 2);
    expect(width('plain')).toBeCloseTo(591.455, 2);
  });

  it('fits a line as wide as Chromium\'s, its kerned spaces counted', async () => {
    // 16px: 717.969px in Chromium 156, in a 718.11px line (an A4 page less 1cm margins): one line there
    const text = 'cat watches from the fence nearby. The quick brown fox jumps over the lazy dog while the cat watches from the';
    const doc = await layOut(`<p id=p style="width: 718.11px; font-size: 16px">${text} fence</p>`);
    const lines = (findById(doc.pages[0]!, 'p') as Extract<Fragment, { kind: 'box' }>).children.filter((f) => f.kind === 'line');
    expect(lines.map((line) => textFragments(line).map((t) => t.text).join('').trimEnd())).toEqual([text, 'fence']);
  });

  it('kerns across an element boundary in the same font, not across padding, a border or another font', async () => {
    const doc = await layOut(`<p><span id=plain style="color: red">A</span> Tale</p><p><span id=padded style="padding-right: 1px">A</span> Tale</p>
      <p><span id=bordered style="border-right: 1px solid">A</span> Tale</p><p><span id=bold style="font-weight: bold">A</span> Tale</p>`);
    const width = (id: string) => Math.round(findById(doc.pages[0]!, id)!.width * 1000) / 1000;
    // Chromium 156: 66.703 (kerned with the space after the span), 73.219, 73.219 and 72.219
    expect(width('plain')).toBeCloseTo(66.699, 2);
    expect([width('padded'), width('bordered')]).toEqual([73.217, 73.217]);
    expect(width('bold')).toBeCloseTo(72.217, 2);
  });

  it('starts the next line\'s word unkerned: the kerned space hangs at the line end', async () => {
    const doc = await layOut('<p id=p style="width: 300px">nearby The</p>');
    const lines = (findById(doc.pages[0]!, 'p') as Extract<Fragment, { kind: 'box' }>).children.filter((f) => f.kind === 'line');
    expect(lines.length).toBe(2);
    const first = textFragments(lines[1]!)[0]!;
    expect(first.runs[0]!.advances.map(units)[0]).toBe(1251);
    expect(first.x).toBe(0);
  });
});

const missing = !installedFamilies().has('noto sans cjk jp');
const skipped = missing ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';

describe.skipIf(missing)(`kerning between the characters of Japanese text${skipped}`, () => {
  const system = createInternalEngine({ systemFonts: true });
  // Noto Sans CJK JP kerns い, し, で, ど before the next kana by -30 units: 718.4px at 16px (Chromium 156: 718.406)
  const LINE = 'た所でニャーニャー泣いていた事だけは記憶している。吾輩は猫である。名前はまだ無い。どこで生';

  it('keeps the kerning of characters laid out one by one, but not at a line end', async () => {
    const doc = inPageFrames(await system.layout({ template: `<!DOCTYPE html><style>body { margin: 0; font-size: 16px } p { margin: 0 }</style><p id=p lang=ja style="width: 719px">${LINE}れた</p>`, data: {} }));
    const lines = (findById(doc.pages[0]!, 'p') as Extract<Fragment, { kind: 'box' }>).children.filter((f) => f.kind === 'line');
    const texts = lines.map((line) => textFragments(line).map((t) => t.text).join(''));
    // Chromium 156 ends the first line at 生 (720px unkerned would not fit)
    expect(texts).toEqual([LINE, 'れた']);
    const ends = textFragments(lines[0]!).map((t) => t.x + t.width - findById(doc.pages[0]!, 'p')!.x);
    expect(Math.max(...ends)).toBeCloseTo(718.4, 1);
  });
});
