import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../src/diagnostics.js';
import { computeMarginBoxStyle, computePageStyle, createStylesheetCache } from '../../src/css/index.js';
import type { PageContext } from '../../src/css/types.js';
import { styleHtml, styleWith } from './helpers.js';
import { withDisplay, withStyle } from '../../src/css/compute.js';

const MM = 96 / 25.4;
const first: PageContext = { index: 0, side: 'right', blank: false };
const second: PageContext = { index: 1, side: 'left', blank: false };

async function page(css: string, context: PageContext = first, lint = false) {
  const doc = await styleWith(css, '<p>x</p>', { lint });
  const diagnostics = new Diagnostics();
  return { style: computePageStyle(doc.styled, context, diagnostics), diagnostics: diagnostics.list(), doc };
}

describe('var() in @page and margin boxes', () => {
  it('reads the root element\'s custom properties, then the page\'s own, keeping whitespace', async () => {
    const css = ':root { --green: rgb(0, 128, 0); --m: 10px } @page { --side: 20px; margin: var(--m) var(--side); @bottom-left { content: "x"; color: var(--green); padding: var(--m) 0 } }';
    const { style, diagnostics, doc } = await page(css);
    expect(diagnostics).toEqual([]);
    expect([style.marginTop, style.marginRight, style.marginBottom, style.marginLeft]).toEqual([10, 20, 10, 20]);
    const box = computeMarginBoxStyle(doc.styled, first, 'bottom-left', style, new Diagnostics())!;
    expect(box.color).toEqual({ r: 0, g: 128, b: 0, a: 1 });
    expect([box.paddingTop, box.paddingRight]).toEqual([10, 0]);
  });

  it('warns of a custom property defined nowhere when linting, as elements do', async () => {
    expect((await page('@page { margin: var(--nowhere) 0 }')).diagnostics).toEqual([]);
    const { diagnostics } = await page('@page { margin: var(--nowhere) 0 }', first, true);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([['css_invalid_value', '`margin: var(--nowhere) 0` refers to an undefined custom property; the declaration is ignored']]);
  });
});

describe('@page size (CSS Paged Media 3 §7.1)', () => {
  it('defaults to A4 with the UA margin of 75px', async () => {
    const { style } = await page('');
    expect(style.width).toBeCloseTo(210 * MM, 6);
    expect(style.height).toBeCloseTo(297 * MM, 6);
    expect([style.marginTop, style.marginRight, style.marginBottom, style.marginLeft]).toEqual([75, 75, 75, 75]);
  });

  it.each([
    ['A5', [148 * MM, 210 * MM]],
    ['a3 landscape', [420 * MM, 297 * MM]],
    ['landscape B5', [250 * MM, 176 * MM]],
    ['letter', [816, 1056]],
    ['legal portrait', [816, 1344]],
    ['ledger', [1056, 1632]],
    // the poster and envelope sizes of the same series, as WeasyPrint and Prince take them
    // (ISO 216, ISO 269, JIS P 0138); Chromium 156 drops these declarations and prints on letter
    ['A2 portrait', [420 * MM, 594 * MM]],
    ['A1', [594 * MM, 841 * MM]],
    ['a0 landscape', [1189 * MM, 841 * MM]],
    ['A6', [105 * MM, 148 * MM]],
    ['A10', [26 * MM, 37 * MM]],
    ['B3', [353 * MM, 500 * MM]],
    ['C5 landscape', [229 * MM, 162 * MM]],
    ['JIS-B3', [364 * MM, 515 * MM]],
    ['jis-b10', [32 * MM, 45 * MM]],
    ['landscape', [297 * MM, 210 * MM]],
    ['10px 6px', [10, 6]],
    ['5in', [480, 480]],
    ['auto', [210 * MM, 297 * MM]],
    // math functions, as Chromium 156 takes them; em of the initial font
    ['calc(100mm + 10mm) min(100mm, 5in)', [110 * MM, 100 * MM]],
    ['calc(10em + 1in) round(up, 99px, 10px)', [256, 100]],
  ])('size: %s', async (value, [w, h]) => {
    const { style, diagnostics } = await page(`@page { size: ${value} }`);
    expect(diagnostics).toEqual([]);
    expect(style.width).toBeCloseTo(w!, 6);
    expect(style.height).toBeCloseTo(h!, 6);
  });

  it('holds a page, and a page with its bleed, within the 200in a PDF page may be, warning where', async () => {
    // found by fuzzing (stop 81): `size: 1e30px` made a page box PDFKit refuses to write, failing the PDF
    const huge = await page('@page { size: 1e30px 300in }');
    expect([huge.style.width, huge.style.height]).toEqual([19_200, 19_200]);
    expect(huge.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([['layout', 1, expect.stringContaining('`1e30px 300in` is larger than the 200in')]]);
    const long = await page('@page { size: 80mm 199in; marks: crop; bleed: 1in }');
    expect(long.diagnostics.map((d) => [d.code, d.message])).toEqual([['layout', expect.stringContaining('bleed `1in` makes the sheet larger than the 200in (14,400pt) a PDF page may be: held at 48px')]]);
    expect([long.style.height, long.style.bleed]).toEqual([199 * 96, 48]);
    const fits = await page('@page { size: 80mm 198in; marks: crop; bleed: 1in }');
    expect(fits.diagnostics).toEqual([]);
    expect(fits.style.bleed).toBe(96);
    const bled = await page('@page { size: A4; marks: crop; bleed: 1e30px }');
    expect(bled.diagnostics.map((d) => d.code)).toEqual(['layout']);
    expect(bled.style.height + 2 * bled.style.bleed!).toBeCloseTo(19_200, 6);
  });

  it('lays a page whose margins leave no page area out with the UA margins, or none, warning where they are declared', async () => {
    // found by fuzzing (stop 82): `margin: 600px` on A4 left a page area 0px tall, and a box's own height never ended
    const tall = await page('@page {\n  margin: 600px }');
    expect([tall.style.marginTop, tall.style.marginRight, tall.style.marginBottom, tall.style.marginLeft]).toEqual([75, 75, 75, 75]);
    expect(tall.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([['layout', 2, expect.stringContaining('`margin: 600px` leaves a page area of 0×0px on a 794×1123px page: laid out with 75px margins instead')]]);
    const small = await page('@page { size: 100px 40px; margin: 10px; margin-left: 95% }');
    expect([small.style.marginTop, small.style.marginLeft]).toEqual([0, 0]);
    expect(small.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('`margin-left: 95%` leaves a page area of 0×20px on a 100×40px page: laid out with 0px margins')]);
    // a pixel of room is enough, as in Chromium; auto margins are none
    const narrow = await page('@page { size: 100px 40px; margin: 0 49.5px; margin-top: auto }');
    expect(narrow.diagnostics).toEqual([]);
    expect(narrow.style.marginLeft).toBe(49.5);
  });

  it.each([
    ['tabloid', 'invalid value `tabloid` for `size`: `tabloid` is no page size keyword; write `size: 11in 17in`'],
    ['US-Tabloid landscape', 'invalid value `US-Tabloid landscape` for `size`: `us-tabloid` is no page size keyword; write `size: 11in 17in`'],
    ['A4 landscap', 'invalid value `A4 landscap` for `size`: did you mean `landscape`?'],
    ['leter', 'invalid value `leter` for `size`: did you mean `letter`?'],
    ['red', 'invalid value `red` for `size`'],
  ])('says what to write instead of size: %s', async (value, message) => {
    const { diagnostics } = await page(`@page { size: ${value} }`);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([['css_invalid_value', message]]);
  });

  it.each(['A4 A5', '-1px 2px', 'red', 'A11', 'constructor', 'tabloid', 'landscape portrait', 'calc(1px - 2px) 3px', 'calc(50% + 1px)', 'calc(0px / 0)'])('rejects size: %s', async (value) => {
    const { style, diagnostics } = await page(`@page { size: ${value} }`);
    expect(diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
    expect(style.width).toBeCloseTo(210 * MM, 6);
  });
});

describe('@page selection and cascade', () => {
  const css = `
    @page { margin: 1cm; background-color: yellow }
    @page :first { margin-top: 3cm }
    @page :left { margin-left: 2cm; margin-right: 1.5cm }
    @page :right { margin-right: 2cm }
    @page wide { size: A4 landscape }
    @page wide:first { margin: 0 }
    @page { margin-bottom: 5mm }
  `;
  it('applies pseudo-classes by specificity, then order', async () => {
    const one = await page(css, first);
    expect(one.style.marginTop).toBeCloseTo(3 * 96 / 2.54, 6);
    expect(one.style.marginRight).toBeCloseTo(2 * 96 / 2.54, 6);
    expect(one.style.marginBottom).toBeCloseTo(5 * MM, 6);
    expect(one.style.style.backgroundColor).toEqual({ r: 255, g: 255, b: 0, a: 1 });
    const two = await page(css, second);
    expect(two.style.marginTop).toBeCloseTo(96 / 2.54, 6);
    expect(two.style.marginLeft).toBeCloseTo(2 * 96 / 2.54, 6);
    expect(two.style.marginRight).toBeCloseTo(1.5 * 96 / 2.54, 6);
  });

  it('pages of the same kind share one computed page style', async () => {
    const { doc } = await page(css);
    const diagnostics = new Diagnostics();
    const at = (index: number, side: 'left' | 'right') => computePageStyle(doc.styled, { index, side, blank: false }, diagnostics);
    expect(at(3, 'left')).toBe(at(5, 'left'));
    expect(at(3, 'left')).not.toBe(at(4, 'right'));
    expect(at(0, 'right')).not.toBe(at(2, 'right'));
  });

  it('named pages', async () => {
    const named = await page(css, { index: 0, side: 'right', blank: false, name: 'wide' });
    expect(named.style.width).toBeCloseTo(297 * MM, 6);
    expect(named.style.marginTop).toBe(0);
    const later = await page(css, { index: 3, side: 'left', blank: false, name: 'wide' });
    expect(later.style.marginTop).toBeCloseTo(96 / 2.54, 6);
  });

  it('author rules beat UA rules; em refers to the root font size; important wins', async () => {
    const { style } = await page('html { font-size: 10px } @page { margin: 2em !important } @page :first { margin: 1px }');
    expect(style.marginTop).toBe(20);
    const blank = await page('@page :blank { margin: 0 } @page { margin: 10% auto }', { index: 2, side: 'right', blank: true });
    expect(blank.style.marginTop).toBe(0);
    const percent = await page('@page { margin: 10% auto }');
    expect(percent.style.marginTop).toEqual({ kind: 'percent', value: 10 });
    expect(percent.style.marginLeft).toBe('auto');
  });

  it('keeps margin boxes as raw declarations and computes their style', async () => {
    const { doc, style } = await page('@page { color: gray; @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 9pt } @top-left { color: red } } @page :first { @bottom-center { content: none } }');
    const rule = doc.styled.pageRules.find((r) => r.origin === 'author' && r.marginBoxes['bottom-center'] !== undefined)!;
    expect(rule.marginBoxes['bottom-center']![0]).toMatchObject({ property: 'content', value: '"Page " counter(page) " of " counter(pages)', important: false, file: 'doc.html', line: 1 });
    const diagnostics = new Diagnostics();
    expect(computeMarginBoxStyle(doc.styled, first, 'bottom-center', style, diagnostics)).toBeUndefined();
    const later = computePageStyle(doc.styled, second, diagnostics);
    const bottom = computeMarginBoxStyle(doc.styled, second, 'bottom-center', later, diagnostics)!;
    expect(bottom.content).toEqual([
      { kind: 'string', value: 'Page ' }, { kind: 'counter', name: 'page', style: 'decimal' },
      { kind: 'string', value: ' of ' }, { kind: 'counter', name: 'pages', style: 'decimal' },
    ]);
    expect(bottom.fontSize).toBe(12);
    expect(bottom.color).toEqual({ r: 128, g: 128, b: 128, a: 1 });
    expect(computeMarginBoxStyle(doc.styled, second, 'top-left', later, diagnostics)).toBeUndefined();
    expect(diagnostics.list()).toEqual([]);
  });

  it(':nth(An+B) page selectors (CSS GCPM 3)', async () => {
    const css = '@page :nth(2n+3) { margin: 1px } @page :nth(1) { margin: 2px } @page :nth(-n+2):left { margin-left: 3px }';
    const at = async (index: number, side: 'left' | 'right') => (await page(css, { index, side, blank: false })).style;
    expect((await at(0, 'right')).marginTop).toBe(2);
    expect((await at(1, 'left')).marginTop).toBe(75);
    expect((await at(1, 'left')).marginLeft).toBe(3);
    expect((await at(2, 'right')).marginTop).toBe(1);
    expect((await at(4, 'right')).marginTop).toBe(1);
    expect((await at(3, 'left')).marginTop).toBe(75);
    const invalid = await page('@page :nth(x) { margin: 0 } @page :hover { margin: 0 }');
    expect(invalid.doc.diagnostics.map((d) => d.code)).toEqual(['css_parse', 'css_parse']);
  });

  it('reports invalid page declarations with their location', async () => {
    const { diagnostics } = await page('@page {\n  margin: red;\n}');
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['css_invalid_value', 2]]);
  });

  it('drops a `size` with no value, keeping the page A4 (FUZZ_SEED=8632: its pages were NaN px wide, and the PDF writer failed)', async () => {
    const { style, diagnostics } = await page('@page {\n  size:;\n  margin: 10px }');
    expect([style.width, style.height]).toEqual([210 * MM, 297 * MM].map((v) => expect.closeTo(v, 6)));
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['css_invalid_value', 2]]);
  });
});

describe('the page box\'s style record', () => {
  it('withDisplay copies every field, in order, as the spread it replaces does', async () => {
    const doc = await styleWith(':root { color: rgb(1, 2, 3); font-size: 13px } @page { margin: 1cm; color: currentColor }', '<p>x</p>');
    const root = doc.styled.rootStyle!;
    const copy = withDisplay(root, 'block');
    expect(copy).not.toBe(root);
    expect(Object.keys(copy)).toEqual(Object.keys({ ...root, display: 'block' }));
    expect(copy).toEqual({ ...root, display: 'block' });
    const { style } = computePageStyle(doc.styled, first, new Diagnostics());
    expect(style.display).toBe('block');
    expect(style.fontSize).toBe(13);
  });

  it('withStyle copies every field, in order, with the changes, as the spread it replaces does', async () => {
    const doc = await styleWith(':root { color: rgb(1, 2, 3); margin: 4px }', '<p>x</p>');
    const root = doc.styled.rootStyle!;
    const changes = { position: 'static', marginTop: 0, opacity: 1, borderTopColor: { r: 0, g: 0, b: 0, a: 0 } } as const;
    const copy = withStyle(root, changes);
    expect(copy).not.toBe(root);
    expect(Object.keys(copy)).toEqual(Object.keys({ ...root, ...changes }));
    expect(copy).toEqual({ ...root, ...changes });
    expect(root.marginTop).toBe(4);
  });
});

describe('page boxes kept across documents of one stylesheet list', () => {
  // documents styled with one stylesheet cache share their sheets, hence the cascade memo that keeps page styles
  const documents = (css: string, ...roots: string[]) => {
    const cache = createStylesheetCache();
    return Promise.all(roots.map((root) => styleHtml(`<!DOCTYPE html><html${root}><head><style>${css}</style></head><body><p>x</p></body></html>`, { cache })));
  };
  const boxes = ['top-left', 'top-center', 'bottom-left', 'bottom-right', 'footnote'];

  it('gives the next document the page box and margin-box styles computed for the first', async () => {
    const css = ':root { --m: 10px } @page { margin: var(--m) 2em; @bottom-left { content: "a"; color: red } @bottom-right { content: none } }';
    const [one, two] = await documents(css, '', '');
    const a = computePageStyle(one!.styled, first, new Diagnostics());
    const b = computePageStyle(two!.styled, first, new Diagnostics());
    expect(b).toBe(a);
    expect(computePageStyle(two!.styled, second, new Diagnostics())).not.toBe(a);
    for (const box of boxes) {
      expect(computeMarginBoxStyle(two!.styled, first, box, b, new Diagnostics())).toBe(computeMarginBoxStyle(one!.styled, first, box, a, new Diagnostics()));
    }
    expect(computeMarginBoxStyle(two!.styled, first, 'bottom-left', b, new Diagnostics())!.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('equals what a fresh computation gives, with another root style or custom properties than the first document\'s', async () => {
    const css = ':root { --m: 10px } @page { margin: var(--m) 2em; @bottom-left { content: "a"; padding: var(--m) } }';
    const roots = ['', ' style="--m: 5px"', ' style="font-size: 20px"', ''];
    const shared = await documents(css, ...roots);
    for (const [i, root] of roots.entries()) {
      const [alone] = await documents(css, root);
      const kept = computePageStyle(shared[i]!.styled, first, new Diagnostics());
      const fresh = computePageStyle(alone!.styled, first, new Diagnostics());
      expect(kept).toEqual(fresh);
      expect(computeMarginBoxStyle(shared[i]!.styled, first, 'bottom-left', kept, new Diagnostics()))
        .toEqual(computeMarginBoxStyle(alone!.styled, first, 'bottom-left', fresh, new Diagnostics()));
    }
    const margins = shared.map((doc) => computePageStyle(doc.styled, first, new Diagnostics()).marginTop);
    expect(margins).toEqual([10, 5, 10, 10]);
    expect(computePageStyle(shared[2]!.styled, first, new Diagnostics()).marginLeft).toBe(40);
  });

  it('computes again, and warns again, what warned', async () => {
    const css = ':root { --red: red; --px: 12px } @page { margin: var(--red) 0; @bottom-left { content: "a"; color: var(--px) } }';
    const docs = await documents(css, '', '');
    for (const doc of docs) {
      const diagnostics = new Diagnostics();
      const style = computePageStyle(doc.styled, first, diagnostics);
      computeMarginBoxStyle(doc.styled, first, 'bottom-left', style, diagnostics);
      expect(diagnostics.list().map((d) => d.code)).toEqual(['css_invalid_value', 'css_invalid_value']);
    }
    const margin = await documents(':root { --px: 12px } @page { margin: red; @top-left { content: "b"; color: var(--px) } }', '', '');
    for (const doc of margin) {
      const diagnostics = new Diagnostics();
      const style = computePageStyle(doc.styled, first, diagnostics);
      computeMarginBoxStyle(doc.styled, first, 'top-left', style, diagnostics);
      expect(diagnostics.list().map((d) => [d.code, d.line])).toEqual([['css_invalid_value', 1], ['css_invalid_value', undefined]]);
    }
  });
});
