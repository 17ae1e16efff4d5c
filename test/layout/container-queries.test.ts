/**
 * Container queries (CSS Conditional 5 §6): `@container` rules and `cq*` units resolved against
 * the sizes layout passes measure (layout/driver/container-passes.ts). The sizes are those
 * headless Chromium gives the same elements (getBoundingClientRect); `cq*` units without a
 * container are the page area's in print, the viewport's on screen.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, layoutHtml, sizesById } from '../helpers/layout.js';

const engine = createInternalEngine();

const page = (css: string, body: string): string => `<!doctype html><style>@page { size: 200mm 200mm; margin: 10mm }
  body { margin: 0; font: 16px/20px "Liberation Sans" } ${css}</style>${body}`;

describe('container queries', () => {
  it('a container nested in another settles a pass after it', async () => {
    const html = page(`.outer { width: 600px; container-type: inline-size; container-name: outer }
      .col { width: 50%; container-type: inline-size }
      @container outer (min-width: 500px) { .col { width: 40% } }
      .item { height: 10px; width: 50cqw }
      @container (max-width: 250px) { .item { height: 30px } }`,
    '<div class="outer" id="outer"><div class="col" id="col"><div class="item" id="item"></div></div></div>');
    // pass 1: the column is 300 wide; pass 2: the outer query holds, 240; pass 3: the item's query holds
    expect(await sizesById(engine, html, ['outer', 'col', 'item'])).toEqual(['outer 600x30', 'col 240x30', 'item 120x30']);
  });

  it('an inline-size container is sized as if empty; a size container answers height and orientation', async () => {
    const html = page(`.ib { display: inline-block; container-type: inline-size }
      .box { container-type: size; width: 200px; height: 100px }
      @container (orientation: landscape) { .in { height: 50cqh; width: 25cqw } }`,
    '<div><span class="ib" id="ib">Some text here</span></div><div class="box" id="box"><div class="in" id="in"></div></div>');
    expect(await sizesById(engine, html, ['ib', 'box', 'in'])).toEqual(['ib 0x60', 'box 200x100', 'in 50x50']);
  });

  it('pseudo-elements query their own element; style() queries read the parent\'s custom properties', async () => {
    const html = page(`.c { container-type: inline-size; width: 300px }
      @container (min-width: 200px) { .c::before { content: 'wide'; display: block; height: 17px } }
      @container (min-width: 400px) { .c::after { content: 'wider'; display: block; height: 100px } }
      .theme { --tone: dark } .x { height: 2px }
      @container style(--tone: dark) { .x { height: 13px } }
      @container style(--tone: light) { .x { height: 50px } }`,
    '<div class="c" id="c">x</div><div class="theme"><div class="x" id="x"></div></div>');
    expect(await sizesById(engine, html, ['c', 'x'])).toEqual(['c 300x37', 'x 681x13']);
  });

  it('a flex item container takes its used width; cq units without a container are the page area\'s', async () => {
    const html = page(`.flex { display: flex; width: 500px } .fc { container-type: inline-size; flex: 1 } .fixed { width: 100px }
      @container (width > 150px) { .deep { height: 11px } }
      .free { width: 10cqw; height: 5px }`,
    '<div class="flex"><div class="fc" id="fc"><div class="deep" id="deep"></div></div><div class="fixed"></div></div><div class="free" id="free"></div>');
    expect(await sizesById(engine, html, ['fc', 'deep', 'free'])).toEqual(['fc 400x11', 'deep 400x11', 'free 68x5']);
  });

  it('named queries skip the nearer containers of other names; a query no container answers is false', async () => {
    const html = page(`.a { container: sidebar / inline-size; width: 400px } .b { container-type: inline-size; width: 100px }
      .t { height: 1px } @container sidebar (min-width: 300px) { .t { height: 7px } }
      .u { height: 1px } @container nowhere (min-width: 1px) { .u { height: 9px } }
      .v { height: 1px } @container (min-height: 1px) { .v { height: 9px } }`,
    '<div class="a"><div class="b"><div class="t" id="t"></div><div class="u" id="u"></div><div class="v" id="v"></div></div></div>');
    // .v: min-height needs a size container, and neither is one
    expect(await sizesById(engine, html, ['t', 'u', 'v'])).toEqual(['t 100x7', 'u 100x1', 'v 100x1']);
  });

  it('lists of queries, not, and range forms', async () => {
    const html = page(`.k { container-type: inline-size; width: 320px }
      .p { height: 1px } @container (width < 100px), (300px <= width < 400px) { .p { height: 3px } }
      .q { height: 1px } @container not (min-width: 500px) { .q { height: 4px } }
      .r { height: 1px } @container (min-width: 20em) { .r { height: 5px } }
      .s { height: 1px; @container (width > 100px) { height: 8px } }`,
    '<div class="k"><div class="p" id="p"></div><div class="q" id="q"></div><div class="r" id="r"></div><div class="s" id="s"></div></div>');
    // (.s: nested in a style rule, CSS Nesting 1 §3.2)
    expect(await sizesById(engine, html, ['p', 'q', 'r', 's'])).toEqual(['p 320x3', 'q 320x4', 'r 320x5', 's 320x8']);
  });

  it('a style that read a container\'s size is not shared with the next render of the same template', async () => {
    const html = (sibling: string): string => page(`.flex { display: flex; width: 500px } .fc { container-type: inline-size; flex: 1 }
      .deep { width: 50cqw; height: 1px } @container (width > 300px) { .deep { height: 6px } }`,
    `<div class="flex"><div class="fc" id="fc"><div class="deep" id="deep"></div></div><div>${sibling}</div></div>`);
    // the sibling's text sets the container's width: the same styles, other sizes
    const wide = await sizesById(engine, html('x'), ['fc', 'deep']);
    const narrow = await sizesById(engine, html('a sibling with a much longer text'), ['fc', 'deep']);
    const size = (text: string): [number, number] => /([\d.]+)x([\d.]+)$/.exec(text)!.slice(1).map(Number) as [number, number];
    const [[wideWidth], [narrowWidth]] = [size(wide[0]!), size(narrow[0]!)];
    expect(wideWidth).toBeGreaterThan(300);
    expect(narrowWidth).toBeLessThan(300);
    expect(size(wide[1]!)[0]).toBeCloseTo(wideWidth / 2, 1);
    expect(size(wide[1]!)[1]).toBe(6);
    expect(size(narrow[1]!)[0]).toBeCloseTo(narrowWidth / 2, 1);
    expect(size(narrow[1]!)[1]).toBe(1);
  });

  it('containers nested deeper than the passes settle: the last sizes hold, with a warning', async () => {
    // each level is half its container when that is wider than 500px, twice it otherwise: the
    // right widths alternate, and each pass settles one level more
    const nested = '<div class="n">'.repeat(8) + '<p id="leaf">x</p>' + '</div>'.repeat(8);
    const css = '.n { container-type: inline-size; width: 200% } @container (width > 500px) { .n { width: 50% } }';
    const laid = await layoutHtml(page(css, `<div class="n" id="top" style="width: 600px; overflow: hidden">${nested}</div>`), {
      expectWarnings: [{ code: 'layout', message: /query containers still changed after 4 layout passes/ }],
    });
    expect(findById(laid.pages[0]!, 'leaf')).toBeDefined();
  });

  it('a container query does not cost a layout pass when nothing reads a size', async () => {
    // the query's container has no size type: the rule never applies, the document is laid out once
    const laid = await layoutHtml(page('.n { height: 1px } @container (min-width: 1px) { .n { height: 9px } }', '<div class="n" id="n"></div>'));
    expect(findById(laid.pages[0]!, 'n')?.height).toBe(1);
  });

  it('an invalid condition is a warning and its rules are ignored; the properties are no longer unsupported', async () => {
    const html = page(`.w { container-type: inline-size; height: 1px } @container two names (min-width: 1px) { .w { height: 9px } }
      .y { height: 1px } @container (min-width: ) { .y { height: 9px } }`, '<div class="w" id="w"><div class="y" id="y"></div></div>');
    const laid = await layoutHtml(html, {
      expectWarnings: [
        { code: 'css_parse', message: /invalid @container condition/ },
        // a malformed feature is `<general-enclosed>`: valid, and never true (css-tree reports the syntax)
        { code: 'css_parse', message: /expected/ },
      ],
    });
    expect(findById(laid.pages[0]!, 'w')?.height).toBe(1);
    expect(findById(laid.pages[0]!, 'y')?.height).toBe(1);
  });
});
