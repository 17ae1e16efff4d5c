/**
 * Text is shaped in its language (`lang`), as Chromium shapes it (HarfBuzz with the content
 * language): a font's forms for that language (its `locl` and other lookups under the language
 * system) apply, and a text of no script of its own shaped alone takes its language's script, so
 * that a space between Korean words is a Korean space. Widths are Chromium 156's (getBoundingClientRect).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames, textFragments } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import type { Fragment } from '../../src/layout/types.js';

async function layOut(engine: ReturnType<typeof createInternalEngine>, body: string) {
  return inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>body { margin: 0; font-size: 16px } p { margin: 0 } span { white-space: nowrap }</style>${body}`, data: {} }));
}

describe('shaping in the text\'s language, with the bundled fonts', () => {
  const engine = createInternalEngine();

  it('draws the Serbian and Macedonian forms DejaVu Sans has for them, and the default ones for other languages', async () => {
    const doc = await layOut(engine, `<div style="font: 100px 'DejaVu Sans'">
      <p><span id=none>б</span></p><p lang=sr><span id=sr>б</span></p><p lang=mk-MK><span id=mk>б</span></p>
      <p lang=ru><span id=ru>б</span></p><p lang=sr><span id=inner lang=ru>б</span></p></div>`);
    const width = (id: string) => findById(doc.pages[0]!, id)!.width;
    const glyph = (id: string) => textFragments(findById(doc.pages[0]!, id)!)[0]!.runs[0]!.run.glyphs[0]!.id;
    // DejaVu Sans 2.37: glyph 966 (1263 units) by default, 5040 (1253 units) under SRB and MKD
    expect([width('none'), width('ru'), width('inner')].map((w) => w * 2048 / 100)).toEqual([1263, 1263, 1263]);
    expect([width('sr'), width('mk')].map((w) => Math.round(w * 2048 / 100 * 1000) / 1000)).toEqual([1253, 1253]);
    expect([glyph('none'), glyph('sr'), glyph('mk'), glyph('ru')]).toEqual([966, 5040, 5040, 966]);
  });

  it('shapes a font without forms for the language as without a language', async () => {
    const doc = await layOut(engine, `<p lang=tr><span id=tr>Office fin AVA</span></p><p><span id=none>Office fin AVA</span></p>`);
    expect(findById(doc.pages[0]!, 'tr')!.width).toBe(findById(doc.pages[0]!, 'none')!.width);
  });
});

const families = installedFamilies();
const missing = !families.has('noto sans cjk kr');
const skipped = missing ? ' — SKIPPED: Noto Sans CJK KR not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';

describe.skipIf(missing)(`shaping Korean in Korean${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });
  const SENTENCE = '빠른 갈색 여우가 게으른 개를 뛰어넘는 동안 고양이는 근처 울타리에서 지켜보며 적당한 순간을 기다린다. ';

  it('gives Noto Sans CJK KR\'s Korean spaces and Latin letters under lang=ko', async () => {
    const doc = await layOut(engine, `<p lang=ko style="font-family: 'Noto Sans CJK KR'"><span id=ko>Hello World 12345</span> <span id=hangul>빠른 갈색</span></p>
      <p style="font-family: 'Noto Sans CJK KR'"><span id=none>Hello World 12345</span></p>`);
    const width = (id: string) => Math.round(findById(doc.pages[0]!, id)!.width * 100) / 100;
    // Chromium 156: 137.078 and 63.375 under lang=ko; 135.281 without a language
    expect(width('ko')).toBeCloseTo(137.07, 1);
    expect(width('hangul')).toBeCloseTo(63.36, 1);
    expect(width('none')).toBeCloseTo(135.28, 1);
  });

  it('sizes a table cell by its Korean text as it is drawn', async () => {
    const doc = await layOut(engine, `<style>td { padding: 0; white-space: normal } table { border-spacing: 0 }</style>
      <table lang=ko><tr><td id=cell style="font-family: 'Noto Sans CJK KR'">빠른 갈색 여우가</td></tr></table>`);
    const cell = findById(doc.pages[0]!, 'cell')!;
    // Chromium 156: 112.016 wide, one line
    expect(Math.round(cell.width * 100) / 100).toBeCloseTo(112, 1);
    expect(cell.height).toBe(24);
  });

  it('breaks a Korean paragraph where Chromium does: its spaces are Korean ones, shaped alone or not', async () => {
    // a line as wide as an A4 page's with 1cm margins; Chromium 156 ends its first line at 빠, its second at 빠른
    const doc = await layOut(engine, `<p id=p lang=ko style="width: 718.11px; font-family: 'Noto Sans CJK KR'">${SENTENCE.repeat(3)}</p>`);
    const lines = (findById(doc.pages[0]!, 'p') as Extract<Fragment, { kind: 'box' }>).children.filter((f) => f.kind === 'line');
    const texts = lines.map((line) => textFragments(line).map((t) => t.text).join('').trimEnd());
    expect(texts[0]!.endsWith('기다린다. 빠')).toBe(true);
    expect(texts[1]!.endsWith('기다린다. 빠른')).toBe(true);
  });
});
