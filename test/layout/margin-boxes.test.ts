/** Page-margin boxes and page counters (CSS Paged Media 3 §5, §4.4), as geometry. */
import { describe, expect, it } from 'vitest';
import { layoutHtml, textFragments as texts } from '../helpers/layout.js';
import type { BoxFragment, Fragment, LineFragment, PageLayout, TextFragment } from '../../src/layout/types.js';
import { distributeBand, flexTwo, placeOnAxis } from '../../src/layout/page/margin-geometry.js';
import { pageCounterValues } from '../../src/layout/page/page-counters.js';

/** 300x200 pages, margins 20px top/bottom and 30px left/right: the page area is 240x160 at (30, 20). */
const PAGE = '@page { size: 300px 200px; margin: 20px 30px; font: 10px/12px monospace }';
/** A 20x10 red PNG. */
const RED_20X10 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABQAAAAKCAIAAAA7N+mxAAAAFUlEQVR4nGP4z8BANiJf56jmEaMZADFExzl02osRAAAAAElFTkSuQmCC';
const THREE_PAGES = 'body { margin: 0 } div { height: 150px }</style><div></div><div></div><div></div>';

/** The margin box whose text is `text` (or the only text-less one for ''). */
function boxWithText(page: PageLayout, text: string): { box: BoxFragment; text: TextFragment | undefined; line: LineFragment | undefined } {
  for (const fragment of page.marginBoxes) {
    if (fragment.kind !== 'box') continue;
    const runs = texts(fragment);
    const line = fragment.children.find((child): child is LineFragment => child.kind === 'line');
    if (runs.map((t) => t.text).join('') === text) return { box: fragment, text: runs[0], line };
  }
  throw new Error(`no margin box with text ${JSON.stringify(text)} on page ${page.index + 1}: ${page.marginBoxes.flatMap(texts).map((t) => t.text).join(' | ')}`);
}

function allText(page: PageLayout): string[] {
  return page.marginBoxes.map((fragment) => texts(fragment).map((t) => t.text).join(''));
}

const rect = (f: { x: number; y: number; width: number; height: number }): number[] => [f.x, f.y, f.width, f.height].map((v) => Math.round(v * 100) / 100);

describe('page-margin boxes: placement (CSS Paged Media 3 §5.3)', () => {
  it('puts "Page X of Y" centred in the bottom margin of every page', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: "Page " counter(page) " of " counter(pages) } } ${THREE_PAGES}`);
    expect(doc.pages).toHaveLength(3);
    expect(doc.pages.map((p) => allText(p))).toEqual([['Page 1 of 3'], ['Page 2 of 3'], ['Page 3 of 3']]);
    const { box, text } = boxWithText(doc.pages[1]!, 'Page 2 of 3');
    // the whole bottom band: the page area's width, the bottom margin's height
    expect(rect(box)).toEqual([30, 180, 240, 20]);
    // centred on the page area, and vertically in the band (vertical-align: middle)
    expect(text!.x + text!.width / 2).toBeCloseTo(150, 1);
    expect(boxWithText(doc.pages[1]!, 'Page 2 of 3').line!.y).toBeCloseTo(184, 5); // 12px line in 20px
  });

  it('centres a lone top-center box on the page area, not on the page', async () => {
    const doc = await layoutHtml('<style>@page { size: 300px 200px; margin: 20px 10px 20px 90px; font: 10px/12px monospace; @top-center { content: "Title" } } body { margin: 0 }</style>x');
    const { box, text } = boxWithText(doc.pages[0]!, 'Title');
    expect(rect(box)).toEqual([90, 0, 200, 20]);
    expect(text!.x + text!.width / 2).toBeCloseTo(190, 1);
  });

  it('lies around the exact and the whole-pixel page areas together, as Chromium 156 places it', async () => {
    // A4 with 25mm/20mm margins: the exact area runs from 75.59px to 718.11px, the whole-pixel one
    // the flow is laid out in from 76px to 719px; Chromium's PDF starts "Contract v3" at 75.58px,
    // ends a right-aligned "Initials" at 718.99px, starts @top-right-corner at 719px, makes the top
    // band 94px tall (25mm = 94.49px) and centres a 100px @top-center on 397.28px
    const doc = await layoutHtml(`<style>@page { size: A4; margin: 25mm 20mm; font: 8pt serif;
      @bottom-left { content: "Contract v3" } @bottom-right { content: "Initials: ______" }
      @top-right-corner { content: ""; background: blue } @top-center { content: "x"; width: 100px } } body { margin: 0 }</style>x`);
    const page = doc.pages[0]!;
    const right = boxWithText(page, 'Initials: ______');
    expect(right.text!.x + right.text!.width).toBeCloseTo(718.99, 1);
    expect(boxWithText(page, 'Contract v3').text!.x).toBeCloseTo(75.58, 1);
    expect(right.box.y).toBeCloseTo(1028.03, 1);
    expect(rect(boxWithText(page, '').box)).toEqual([719, 0, 74.7, 94]);
    const centre = boxWithText(page, 'x').box;
    expect(centre.x + centre.width / 2).toBeCloseTo(397.28, 1);
  });

  it('aligns left boxes left and right boxes right, sharing the band by max-content width', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: "left" } @top-right { content: "right" } } body { margin: 0 }</style>x`);
    const left = boxWithText(doc.pages[0]!, 'left');
    const right = boxWithText(doc.pages[0]!, 'right');
    expect(left.text!.x).toBeCloseTo(30, 5);
    expect(right.text!.x + right.text!.width).toBeCloseTo(270, 5);
    // §5.3.2: 24px and 30px of max-content grow in that proportion to fill 240px
    expect(rect(left.box)).toEqual([30, 0, 106.67, 20]);
    expect(rect(right.box)).toEqual([136.67, 0, 133.33, 20]);
  });

  it('gives the side boxes of a band with a centre box equal halves of what the centre leaves', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: "a" } @top-center { content: "centre" } @top-right { content: "bbbb" } } body { margin: 0 }</style>x`);
    const centre = boxWithText(doc.pages[0]!, 'centre');
    const a = boxWithText(doc.pages[0]!, 'a');
    const b = boxWithText(doc.pages[0]!, 'bbbb');
    expect(centre.box.x + centre.box.width / 2).toBeCloseTo(150, 5);
    expect(a.box.width).toBeCloseTo(b.box.width, 5);
    expect(a.box.x).toBeCloseTo(30, 5);
    expect(b.box.x + b.box.width).toBeCloseTo(270, 5);
    expect(a.box.width * 2 + centre.box.width).toBeCloseTo(240, 5);
  });

  it('fills the corners and stacks the side boxes, top box at the top', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page {
      @top-left-corner { content: "" } @bottom-right-corner { content: "" }
      @left-top { content: "T" } @right-bottom { content: "B" } } body { margin: 0 }</style>x`);
    const boxes = doc.pages[0]!.marginBoxes.map((f) => rect(f));
    expect(boxes).toContainEqual([0, 0, 30, 20]);
    expect(boxes).toContainEqual([270, 180, 30, 20]);
    const top = boxWithText(doc.pages[0]!, 'T');
    expect(rect(top.box)).toEqual([0, 20, 30, 160]);
    expect(top.line!.y).toBeCloseTo(20, 5); // left-top: vertical-align top, text-align center
    expect(top.text!.x + top.text!.width / 2).toBeCloseTo(15, 5);
    const bottom = boxWithText(doc.pages[0]!, 'B');
    expect(bottom.line!.y + bottom.line!.height).toBeCloseTo(180, 5); // right-bottom: vertical-align bottom
  });

  it('lets author text-align, vertical-align, margins, padding and sizes override the defaults', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page {
      @bottom-center { content: "x"; text-align: right; vertical-align: top; padding: 2px; margin: 0 4px }
      @top-right-corner { content: "c"; width: 10px; height: 6px } } body { margin: 0 }</style>x`);
    const footer = boxWithText(doc.pages[0]!, 'x');
    expect(rect(footer.box)).toEqual([34, 180, 232, 20]);
    expect(footer.text!.x + footer.text!.width).toBeCloseTo(264, 5);
    expect(footer.line!.y).toBeCloseTo(182, 5);
    // a fixed-size corner box sticks to the page area's corner
    expect(rect(boxWithText(doc.pages[0]!, 'c').box)).toEqual([270, 14, 10, 6]);
  });

  it('aligns the content of a box with a fixed height or min-height in its own content box (§5.3.3, as Chromium)', async () => {
    // 400x300 pages, margins 40px 40px 80px (the third: 40px 80px 80px); each box "AB" with a 1px
    // border. Chromium 156's PDF puts each word's top 0.28px above its line's top: these are the
    // line tops. Before, a box with a height kept its lines at the top of its content box.
    const box = (name: string, text: string, css: string): string => `@${name} { content: "${text}"; font: 10px/12px "DejaVu Sans"; border: 1px solid; ${css} }`;
    const doc = await layoutHtml(`<style>body { margin: 0 } .two { page: two } .three { page: three }
      @page { size: 400px 300px; margin: 40px 40px 80px;
        ${box('top-left', 'TL', 'width: 100px; height: 30px; vertical-align: bottom')}
        ${box('top-right', 'TR', 'width: 100px; height: 30px; vertical-align: middle')}
        ${box('bottom-left', 'BL', 'width: 100px; height: 40px; vertical-align: bottom')}
        ${box('bottom-right', 'BR', 'width: 100px; height: 40px; vertical-align: middle')} }
      @page two { ${box('top-left', 'MB', 'width: 100px; min-height: 36px; vertical-align: bottom')}
        ${box('top-right', 'MM', 'width: 100px; min-height: 36px; vertical-align: middle')}
        ${box('bottom-right', 'OM', 'width: 100px; height: 120px; vertical-align: middle')} }
      @page three { margin: 40px 80px 80px;
        ${box('left-middle', 'LM', 'width: 40px; height: 100px; vertical-align: bottom')}
        ${box('right-middle', 'RM', 'width: 40px; height: 100px; vertical-align: middle; padding: 5px 0 15px')}
        ${box('bottom-left', 'PB', 'width: 100px; height: 40px; padding-top: 10px; box-sizing: border-box; vertical-align: bottom')}
        ${box('bottom-right', 'XB', 'width: 100px; height: 40px; max-height: 20px; vertical-align: bottom')} }
      </style><div>one</div><div class=two>two</div><div class=three>three</div>`);
    const tops = (page: number, ...names: string[]): number[] => names.map((name) => Math.round(boxWithText(doc.pages[page]!, name).line!.y * 100) / 100);
    expect(tops(0, 'TL', 'TR', 'BL', 'BR')).toEqual([27, 18, 249, 235]);
    // min-height; a box taller than its margin, overflowing the page
    expect(tops(1, 'MB', 'MM', 'OM')).toEqual([27, 15, 275]);
    // side boxes, padding, box-sizing: border-box, a max-height under the height
    expect(tops(2, 'LM', 'RM', 'PB', 'XB')).toEqual([168, 119, 247, 229]);
  });

  it('keeps content taller than its margin box at the box\'s top whatever its vertical-align (as Chromium)', async () => {
    // 10px margins: the 12px lines overflow the 8px content boxes; a 4px height or max-height too
    // (Chromium 156's PDF: the words 0.28px above 1, 1, 35 and 35; before, the first two went up out of the page)
    const box = (name: string, text: string, css: string): string => `@${name} { content: "${text}"; font: 10px/12px "DejaVu Sans"; border: 1px solid; width: 100px; ${css} }`;
    const doc = await layoutHtml(`<style>body { margin: 0 } .two { page: two }
      @page { size: 400px 300px; margin: 10px 40px; ${box('top-left', 'TB', 'vertical-align: bottom')} ${box('top-right', 'TM', 'vertical-align: middle')} }
      @page two { margin: 40px 40px 80px; ${box('top-left', 'HB', 'max-height: 4px; vertical-align: bottom')} ${box('top-right', 'HM', 'height: 4px; vertical-align: middle')} }
      </style><div>one</div><div class=two>two</div>`);
    const top = (page: number, name: string): number => Math.round(boxWithText(doc.pages[page]!, name).line!.y * 100) / 100;
    expect([top(0, 'TB'), top(0, 'TM'), top(1, 'HB'), top(1, 'HM')]).toEqual([1, 1, 35, 35]);
  });

  it('generates nothing for a box without content, and @page :first can remove one with content: none', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { background: red } @bottom-center { content: counter(page) } }
      @page :first { @bottom-center { content: none } } ${THREE_PAGES}`);
    expect(doc.pages.map((p) => allText(p))).toEqual([[], ['2'], ['3']]);
  });
});

describe('page-margin boxes laid out once per render for the same text', () => {
  const RULES = '@page { @top-left { content: "Ledger" } @top-right { content: "p. " counter(page) } @bottom-center { content: "Confidential" } }';

  it('shares a band whose boxes have the same text, style and page geometry, equal to one laid out alone', async () => {
    const three = await layoutHtml(`<style>${PAGE} ${RULES} ${THREE_PAGES}`);
    const one = await layoutHtml(`<style>${PAGE} ${RULES} body { margin: 0 }</style>x`);
    const [first, , third] = three.pages;
    // the bottom band (static text), kept from the first page, equals the same band laid out in a render of its own
    expect(boxWithText(third!, 'Confidential').box).toEqual(boxWithText(first!, 'Confidential').box);
    expect(boxWithText(third!, 'Confidential').box).toEqual(boxWithText(one.pages[0]!, 'Confidential').box);
    // a band with a counter has another text on each page: laid out again, sized for it
    expect(allText(third!)).toEqual(['Ledger', 'p. 3', 'Confidential']);
    expect(boxWithText(third!, 'Ledger').box).toEqual(boxWithText(one.pages[0]!, 'Ledger').box);
    expect(rect(boxWithText(third!, 'p. 3').box)).toEqual(rect(boxWithText(one.pages[0]!, 'p. 1').box));
  });

  it('lays a band out again on a page of another size or margins', async () => {
    const doc = await layoutHtml(`<style>${PAGE} ${RULES} @page :first { margin-left: 50px } ${THREE_PAGES}`);
    const [first, second] = doc.pages;
    expect(rect(boxWithText(first!, 'Confidential').box)).toEqual([50, 180, 220, 20]);
    expect(rect(boxWithText(second!, 'Confidential').box)).toEqual([30, 180, 240, 20]);
  });
});

describe('page counters (CSS Paged Media 3 §4.4)', () => {
  it('formats page counters in any counter style', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-right { content: counter(page, upper-roman) "/" counter(pages, lower-alpha) } } ${THREE_PAGES}`);
    expect(doc.pages.map((p) => allText(p))).toEqual([['I/c'], ['II/c'], ['III/c']]);
  });

  it('honours counter-reset and counter-increment of the page in @page rules', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: counter(page) } }
      @page :first { counter-reset: page 5 } @page :nth(3) { counter-increment: page 10 } ${THREE_PAGES}`);
    expect(doc.pages.map((p) => allText(p))).toEqual([['5'], ['6'], ['16']]);
  });

  it('keeps counters per page and ignores changes to pages', () => {
    const base = { counterReset: [], counterIncrement: [], counterSet: [] };
    const styles = [
      { ...base, counterReset: [{ name: 'pages', value: 9 }] },
      { ...base, counterSet: [{ name: 'page', value: 1 }] },
      base,
    ] as unknown as Parameters<typeof pageCounterValues>[0];
    expect(pageCounterValues(styles).map((c) => [c.get('page'), c.get('pages')])).toEqual([[1, 3], [1, 3], [2, 3]]);
  });

  it('shows url() images in margin-box content, between text, aligned by the UA defaults', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: url(${RED_20X10}) " Acme" } @bottom-right { content: url(${RED_20X10}) } } body { margin: 0 }</style>x`);
    const page = doc.pages[0]!;
    const images = (f: Fragment): Fragment[] => (f.kind === 'image' ? [f] : f.kind === 'box' || f.kind === 'line' ? f.children.flatMap(images) : []);
    const [logo, corner] = page.marginBoxes.flatMap(images);
    // top-left: at the band's start, the line (12px high, image on the baseline) centred in the 20px margin
    expect([logo!.x, logo!.width]).toEqual([30, 20]);
    expect(logo!.height).toBe(10);
    expect(logo!.y).toBeGreaterThanOrEqual(0);
    expect(logo!.y + 10).toBeLessThanOrEqual(20);
    expect(boxWithText(page, ' Acme').text!.x).toBeCloseTo(50, 5);
    // bottom-right: right-aligned at the page area's right edge
    expect(corner!.x + corner!.width).toBeCloseTo(270, 5);
  });

  it('bounds margin boxes by min-width, max-width and max-height', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page {
      @top-left { content: "aaaaaaaaaaaaaaaaaaaa"; max-width: 50px }
      @top-right { content: "b" }
      @left-middle { content: "c"; max-height: 40px }
      @bottom-left { content: "d"; min-width: 150px }
      @bottom-right { content: "eeee" } } body { margin: 0 }</style>x`);
    const page = doc.pages[0]!;
    // top: a's 120px max-content counts as 50px; the band shares 240px as 50 : 6 → a gets 214px, kept at 50px on the start side
    expect(rect(boxWithText(page, 'aaaaaaaaaaaaaaaaaaaa').box)).toEqual([30, 0, 50, 20]);
    const b = boxWithText(page, 'b').box;
    expect(b.x + b.width).toBeCloseTo(270, 5);
    expect(b.width).toBeCloseTo(6 + (184 * 6) / 56, 1);
    // left-middle: at most 40px high, centred on the page area (20 + 80)
    expect(rect(boxWithText(page, 'c').box)).toEqual([0, 80, 30, 40]);
    // bottom: d's 6px counts as 150px against e's 24px: 150 + 66 × 150/174
    expect(boxWithText(page, 'd').box.width).toBeCloseTo(150 + (66 * 150) / 174, 1);
  });
});

describe('margin band arithmetic (§5.3.2)', () => {
  it('resolves flexible widths by max-content, then min-content', () => {
    expect(flexTwo({ min: 10, max: 20, fixed: false }, { min: 10, max: 60, fixed: false }, 160)).toEqual([40, 120]);
    // max-content does not fit: from min-content towards max-content by their differences
    expect(flexTwo({ min: 10, max: 20, fixed: false }, { min: 10, max: 60, fixed: false }, 50)).toEqual([15, 35]);
    // not even min-content fits: shrink by min-content
    expect(flexTwo({ min: 30, max: 40, fixed: false }, { min: 10, max: 60, fixed: false }, 20)).toEqual([15, 5]);
    expect(flexTwo({ min: 5, max: 5, fixed: true }, { min: 1, max: 9, fixed: false }, 100)).toEqual([5, 95]);
    expect(flexTwo(undefined, { min: 1, max: 9, fixed: false }, 100)).toEqual([0, 100]);
  });

  it('centres the middle box against twice the larger side box', () => {
    const slots = distributeBand(100, { min: 10, max: 10, fixed: false }, { min: 20, max: 20, fixed: false }, undefined);
    // C=20 against AC=20: 50 each; A and B get 25 on either side
    expect(slots.middle).toEqual({ start: 25, size: 50 });
    expect(slots.start).toEqual({ start: 0, size: 25 });
    expect(slots.end).toEqual({ start: 75, size: 25 });
  });

  it('places a fixed size by its auto margins or at its anchor', () => {
    const slot = { start: 10, size: 100 };
    expect(placeOnAxis({ slot, marginStart: 5, marginEnd: 5, size: undefined, basis: 0, anchor: 'start' })).toEqual({ start: 15, size: 90 });
    expect(placeOnAxis({ slot, marginStart: 'auto', marginEnd: 'auto', size: 20, basis: 0, anchor: 'start' })).toEqual({ start: 50, size: 20 });
    expect(placeOnAxis({ slot, marginStart: 5, marginEnd: 5, size: 20, basis: 0, anchor: 'end' })).toEqual({ start: 85, size: 20 });
    expect(placeOnAxis({ slot, marginStart: 5, marginEnd: 5, size: 20, basis: 0, anchor: 'start' })).toEqual({ start: 15, size: 20 });
  });
});

describe('the boxes a margin box makes inside it', () => {
  it('take its inherited properties only: a turned vertical running head turns once, an image in a translucent box fades once', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @left-middle { content: "Chapter one"; writing-mode: vertical-rl; transform: rotate(180deg); opacity: 0.5; background: pink; color: green }
      @top-center { content: url(${RED_20X10}) "Logo"; opacity: 0.5; padding: 2px; border: 1px solid } }</style><p>x</p>`);
    const page = doc.pages[0]!;
    const inner = (fragment: Fragment): BoxFragment[] => fragment.kind === 'box' || fragment.kind === 'line'
      ? fragment.children.flatMap((child) => [...(child.kind === 'box' ? [child] : []), ...inner(child)]) : [];
    for (const name of ['Chapter one', 'Logo']) {
      const { box } = boxWithText(page, name);
      expect([box.style.opacity, box.style.transform.length > 0]).toEqual([0.5, name === 'Chapter one']);
      const made = inner(box);
      expect(made.length).toBeGreaterThan(0);
      for (const child of made) {
        expect([child.style.opacity, child.style.backgroundColor.a, child.style.paddingTop, child.style.borderTopWidth]).toEqual([1, 0, 0, 0]);
      }
      // the box's half turn once, and the quarter turn of the vertical flow inside (layout/orthogonal.ts): it was turned back by a second half turn
      const turns = [box, ...made].flatMap((f) => f.style.transform).map((t) => (t.kind === 'rotate' ? t.angle : NaN));
      expect(turns).toEqual(name === 'Chapter one' ? [180, 90] : []);
    }
    // the inherited ones go down: the running head's colour
    expect(boxWithText(page, 'Chapter one').text!.style.color).toEqual({ r: 0, g: 128, b: 0, a: 1 });
  });

  it('fills the free room of a margin box with a leader: the page number ends at its right edge', async () => {
    // `string(chapter) leader(dotted) counter(page)`, a running head laid out as a table of contents' entry (CSS GCPM 3 §4)
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-center { content: "Intro" leader(dotted) counter(page) } } body { margin: 0 }</style>x`);
    const runs = texts(doc.pages[0]!.marginBoxes[0]!);
    const last = runs[runs.length - 1]!;
    // the box spans the page area (30 to 270); the 6px "1" ends at its right edge, the dots between
    expect([runs[0]!.text, Math.round(runs[0]!.x), last.text, Math.round(last.x + last.width)]).toEqual(['Intro', 30, '1', 270]);
    expect(runs.map((t) => t.text).join('')).toMatch(/^Intro(\. )+ ?1$/);
  });
});

