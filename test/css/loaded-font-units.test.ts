/**
 * `ex`, `ch` and `cap` of web fonts: the css stage runs before fonts load and estimates them
 * with a bundled family's metrics; the render styles the document again with the loaded fonts'
 * (src/loaded-font-metrics.ts). Expected widths are Chromium 156's getBoundingClientRect after
 * `document.fonts.ready` for the same HTML.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createInternalEngine } from '../../src/render.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const fonts = fileURLToPath(new URL('../fixtures/frameworks/katex/fonts/', import.meta.url));

const CSS = `
@font-face { font-family: KSS; src: url(KaTeX_SansSerif-Regular.woff2) format('woff2'); }
@font-face { font-family: KTT; src: url(KaTeX_Typewriter-Regular.woff2) format('woff2'); }
@page { size: 600px 400px; margin: 0 }
body { margin: 0 }
div { height: 10px }
#a { font: 16px KSS, sans-serif; width: 20ch }
#b { font: 20px KSS, sans-serif; width: 20ex }
#c { font: 10px KSS, sans-serif; width: 20cap }
#d { font: 16px KTT, monospace; width: 30ch }
#e { font: 16px KTT, monospace; padding-left: 10ex; width: 0 }
html { font-family: KTT, monospace }
#g { width: 10rch }
#h { font: 16px Nope, KSS, serif; width: 20ch }
`;
const HTML = `<style>${CSS}</style><div id=a>x</div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=g></div><div id=h>0</div>`;

/** Chromium's widths (border boxes), px. */
const CHROMIUM: Readonly<Record<string, number>> = { a: 160, b: 177.59375, c: 138.796875, d: 252, e: 68.953125, g: 84, h: 160 };

const NOPE = { code: 'font', message: /"Nope" has no font/ } as const;

describe('ex, ch and cap of the fonts a document loads', () => {
  it('are the loaded fonts\' metrics, as Chromium sizes them once its web fonts are ready', async () => {
    const laid = await layoutHtml(HTML, { baseDir: fonts, expectWarnings: [NOPE] });
    const widths = Object.fromEntries(Object.keys(CHROMIUM).map((id) => [id, findById(laid.pages[0]!, id)!.width]));
    for (const [id, width] of Object.entries(CHROMIUM)) expect(widths[id], id).toBeCloseTo(width, 1);
  });

  it('are the same in the next render of the same template (its styles shared across renders)', async () => {
    const engine = createInternalEngine();
    for (let i = 0; i < 3; i++) {
      const laid = await engine.layout({ template: HTML, data: {}, baseDir: fonts });
      expect(findById(laid.pages[0]!, 'a')!.width, `render ${i + 1}`).toBeCloseTo(CHROMIUM['a']!, 1);
      expect(findById(laid.pages[0]!, 'd')!.width, `render ${i + 1}`).toBeCloseTo(CHROMIUM['d']!, 1);
    }
  });

  it('measure a list without warning of a missing family no text asks for', async () => {
    // strict diagnostics: "Nope2" has no text of its own, so measuring its list says nothing
    const laid = await layoutHtml(`<style>${CSS}</style><div id=m style="font: 16px Nope2, KSS, serif; width: 20ch"></div>`, { baseDir: fonts });
    expect(findById(laid.pages[0]!, 'm')!.width).toBeCloseTo(CHROMIUM['h']!, 1);
  });

  it('are those of the face the element\'s weight and style select', async () => {
    const faces = `
      @font-face { font-family: KSS; src: url(KaTeX_SansSerif-Regular.woff2) format('woff2'); }
      @font-face { font-family: KSS; src: url(KaTeX_SansSerif-Bold.woff2) format('woff2'); font-weight: bold }
      @font-face { font-family: KSS; src: url(KaTeX_SansSerif-Italic.woff2) format('woff2'); font-style: italic }
      @font-face { font-family: KM; src: url(KaTeX_Main-Regular.woff2) format('woff2'); }
      @font-face { font-family: KM; src: url(KaTeX_Main-Bold.woff2) format('woff2'); font-weight: bold }
      @font-face { font-family: KM; src: url(KaTeX_Main-BoldItalic.woff2) format('woff2'); font-weight: bold; font-style: italic }
      @page { size: 600px 400px; margin: 0 }
      body { margin: 0 }
      div { height: 10px }
      #a { font: 16px KSS, sans-serif; width: 20ch }
      #b { font: bold 16px KSS, sans-serif; width: 20ch }
      #c { font: italic 20px KSS, sans-serif; width: 20ex }
      #d { font: bold 20px KM, serif; width: 20ex }
      #e { font: bold italic 20px KM, serif; width: 20ch }
      #f { font: 20px KM, serif; width: 20ex }
      #g { font: 600 20px KM, serif }
      #g > div { font-weight: normal; font-size: 2ex; width: 10ch }`;
    // Chromium 156, getBoundingClientRect once document.fonts is ready: a bold "0" and x-height are
    // the bold face's; #h's font size is 2ex of its bold parent, its `ch` the regular face's
    const chromium: Readonly<Record<string, number>> = { a: 160, b: 176, c: 177.59375, d: 180, e: 236.390625, f: 176.796875, h: 89.984375 };
    const divs = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `<div id=${id}>x</div>`).join('');
    const laid = await layoutHtml(`<style>${faces}</style>${divs}<div id=g><div id=h></div></div>`, { baseDir: fonts });
    for (const [id, width] of Object.entries(chromium)) expect(findById(laid.pages[0]!, id)!.width, id).toBeCloseTo(width, 1);
  });

  it('keep the bundled families\' metrics where the list starts with one', async () => {
    // Liberation Sans: "0" is 1139/2048 em; DejaVu Sans' ex is hinted to whole pixels (6px at 10px)
    const laid = await layoutHtml('<style>@page { margin: 0 } div { height: 4px } #s { font: 16px Arial, KSS; width: 10ch } #t { font: 10px "DejaVu Sans"; width: 10ex }</style><div id=s></div><div id=t></div>', { baseDir: fonts });
    expect(findById(laid.pages[0]!, 's')!.width).toBeCloseTo((16 * 10 * 1139) / 2048, 3);
    expect(findById(laid.pages[0]!, 't')!.width).toBe(60);
  });

  it('take a bundled bold face\'s own where it differs (DejaVu Sans Bold\'s wider "0"), as Chromium', async () => {
    const laid = await layoutHtml('<style>@page { margin: 0 } div { height: 4px; font: 20px "DejaVu Sans"; width: 10ch } #b { font-weight: bold } #s { font-weight: 600 } #m { font-weight: 500 } #x { font-weight: bold; width: 10ex }</style><div id=r></div><div id=b></div><div id=s></div><div id=m></div><div id=x></div>');
    const width = (id: string) => findById(laid.pages[0]!, id)!.width;
    // Chromium 156 prints these 127, 139, 139, 127 and 110 px wide
    expect(width('r')).toBeCloseTo((200 * 1303) / 2048, 3);
    expect(width('b')).toBeCloseTo((200 * 1425) / 2048, 3);
    expect(width('s')).toBeCloseTo((200 * 1425) / 2048, 3);
    expect(width('m')).toBeCloseTo((200 * 1303) / 2048, 3);
    expect(width('x')).toBe(110);
  });
});
