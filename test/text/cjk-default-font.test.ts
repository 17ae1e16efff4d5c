/**
 * The generic families in a CJK language (Chromium 156 on Linux, measured with getBoundingClientRect):
 * the standard font (the initial `font-family`, or a list of which nothing exists) and `sans-serif`
 * print in the language's sans-serif font, `serif` in its serif one, so `lang=ja` text's Latin
 * letters and digits are Noto Sans CJK JP's too; a named family keeps its font.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { installedFontsIn } from '../../src/text/installed.js';
import { newDiagnostics, request, runSummary } from './helpers.js';

const families = installedFamilies();
const missing = !families.has('noto sans cjk jp') || !families.has('noto serif cjk jp');
const skipped = missing ? ' — SKIPPED: Noto Sans and Serif CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';

describe.skipIf(missing)(`generic families in a CJK language${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });
  const TEXT = 'Hello World 12345';

  async function widths(body: string): Promise<Record<string, number>> {
    const doc = inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>body { margin: 0; font-size: 16px } span { white-space: nowrap }</style>${body}`, data: {} }));
    const found: Record<string, number> = {};
    for (const id of body.match(/id=(\w+)/g)!.map((m) => m.slice(3))) found[id] = Math.round(findById(doc.pages[0]!, id)!.width * 100) / 100;
    return found;
  }

  it('prints the standard font and sans-serif in the language\'s sans-serif font, serif in its serif one', async () => {
    const found = await widths(`
      <p lang=ja><span id=standard>${TEXT}</span></p>
      <p lang=ja style="font-family: sans-serif"><span id=sans>${TEXT}</span></p>
      <p lang=ja style="font-family: serif"><span id=serif>${TEXT}</span></p>
      <p lang=ja style="font-family: NoSuchFont"><span id=nothing>${TEXT}</span></p>
      <p lang=zh><span id=zh>${TEXT}</span></p>
      <p lang=ja><span id=notoSans style="font-family: 'Noto Sans CJK JP'">${TEXT}</span> <span id=notoSerif style="font-family: 'Noto Serif CJK JP'">${TEXT}</span></p>`);
    expect(found.standard).toBe(found.notoSans);
    expect([found.sans, found.nothing, found.zh]).toEqual([found.notoSans, found.notoSans, found.notoSans]);
    expect(found.serif).toBe(found.notoSerif);
    // Chromium 156: 135.281 for Noto Sans CJK JP, 141.156 for Noto Serif CJK JP (its Japanese digits: `locl`)
    expect(found.notoSans).toBeCloseTo(135.28, 1);
    expect(found.notoSerif).toBeCloseTo(141.16, 1);
  });

  it('keeps named families, and the Latin default without a CJK language', async () => {
    const found = await widths(`
      <p lang=ja style="font-family: 'Times New Roman'"><span id=times>${TEXT}</span></p>
      <p lang=ja style="font-family: Arial"><span id=arial>${TEXT}</span></p>
      <p lang=en><span id=en>${TEXT}</span></p>`);
    // Chromium 156: 122.859 (Liberation Serif), 131.344 (Liberation Sans), 122.859
    expect(found).toEqual({ times: 122.85, arial: 131.34, en: 122.85 });
  });

  it('sizes a table cell and a float by their text in the language\'s font, on one line', async () => {
    const doc = inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>body { margin: 0; font-size: 16px } td { padding: 0 } table { border-spacing: 0 }</style>
      <table lang=ja><tr><td id=cell>${TEXT}</td></tr></table><div lang=ja style="float: left" id=float>${TEXT}</div>`, data: {} }));
    const box = (id: string) => findById(doc.pages[0]!, id)!;
    // Chromium 156: both 135.281 wide, 24 tall (stop 50 sized the cell in Liberation Serif: 123.14, and wrapped it)
    expect([box('cell').width, box('float').width].map((w) => Math.round(w * 100) / 100)).toEqual([135.28, 135.28]);
    expect([box('cell').height, box('float').height]).toEqual([24, 24]);
  });

  it('makes a line of Latin text in a Japanese paragraph as tall as the language\'s font makes it', async () => {
    const doc = inPageFrames(await engine.layout({ template: '<!DOCTYPE html><style>body { margin: 0; font-size: 16px } p { margin: 0 }</style><p id=ja lang=ja>Latin only</p><p id=en>Latin only</p>', data: {} }));
    expect([findById(doc.pages[0]!, 'ja')!.height, findById(doc.pages[0]!, 'en')!.height]).toEqual([24, 18]);
  });
});

describe('generic families in a CJK language on a machine without CJK fonts', () => {
  it('keeps the Latin default when fontconfig answers the language with a font that does not write it', () => {
    // fontconfig's answer for sans-serif:lang=ja there: DejaVu Sans, which has no 日
    const scanned = installedFontsIn([new URL('../../fonts/dejavu', import.meta.url).pathname]);
    const asked: string[] = [];
    const installed = { ...scanned, localeFamily: (locale: string, generic?: string) => (asked.push(`${locale} ${generic ?? 'sans-serif'}`), scanned.family('dejavu sans')) };
    const text = createFontRegistry({ extraFonts: [], installed }).forRender({ faces: [], diagnostics: newDiagnostics() });
    expect(runSummary(text.shape('Hello', request({ families: ['-webkit-standard'], cjkLocale: 'ja' })))).toEqual(['Liberation Serif: Hello']);
    expect(runSummary(text.shape('Hello', request({ families: ['serif'], cjkLocale: 'ko' })))).toEqual(['Liberation Serif: Hello']);
    expect(asked).toEqual(expect.arrayContaining(['ja sans-serif', 'ko serif']));
  });
});
