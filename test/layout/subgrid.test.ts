/**
 * Subgrids (CSS Grid 2 §9), checked against Chromium 156: every element's border box as
 * `getBoundingClientRect()` gave it for the same page (Liberation Sans, 14px/1.3), to 0.6px
 * (Chromium rounds line heights to 1/64 px, octavo does not).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { layoutHtml } from '../helpers/layout.js';

const STYLE = `@page { size: 600px 900px; margin: 0 }
body { margin: 10px; font: 14px/1.3 "Liberation Sans", Arial, sans-serif }
b, i, u, s, em { display: block; background: #9cf; min-height: 8px; text-decoration: none; font-style: normal; font-weight: normal }`;

/** `tag x y width height` of every element box under body, in document order. */
async function boxes(css: string, body: string): Promise<string[]> {
  const doc = await layoutHtml(`<!DOCTYPE html><style>${STYLE}\n${css}</style><body>${body}</body>`);
  const out: string[] = [];
  const visit = (f: Fragment, inBody: boolean): void => {
    if (f.kind === 'box' && f.box.element !== undefined && f.box.pseudo === undefined && inBody) {
      out.push([f.box.element.name, f.x, f.y, f.width, f.height].join(' '));
    }
    if (f.kind === 'box' || f.kind === 'line') for (const child of f.children) visit(child, inBody || (f.kind === 'box' && f.box.element?.name === 'body'));
  };
  for (const f of doc.pages[0]!.children) visit(f, false);
  return out;
}

/** Fails with both tables when a box is more than 0.6px from Chromium's. */
function expectChromium(actual: readonly string[], chromium: string): void {
  const expected = chromium.trim().split('\n').map((line) => line.trim());
  const near = actual.length === expected.length && actual.every((line, i) => {
    const [tag, ...numbers] = line.split(' ');
    const [otherTag, ...others] = expected[i]!.split(/\s+/);
    return tag === otherTag && numbers.every((n, k) => Math.abs(Number(n) - Number(others[k])) < 0.6);
  });
  if (!near) expect(actual.map((l) => l.replace(/(\d+\.\d{2})\d+/g, '$1'))).toEqual(expected);
}

describe('subgrid rows: cards whose titles, bodies and footers line up', () => {
  it('shares the parent rows across cards, the card padding and border as extra margin', async () => {
    const css = `.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px 16px; }
      .card { display: grid; grid-row: span 3; grid-template-rows: subgrid; border: 2px solid #345; padding: 6px }
      .card h3 { margin: 0; font-size: 16px } .card p { margin: 0 }`;
    const body = `<div class="cards">
      <div class="card"><h3>Short title</h3><p>One line of body.</p><footer>Footer A</footer></div>
      <div class="card"><h3>A much longer title that wraps over lines</h3><p>Body text that is long enough to wrap onto several lines in this narrow card.</p><footer>Footer B</footer></div>
      <div class="card"><h3>Title C</h3><p>Mid body text here.</p><footer>Footer C with more words to wrap</footer></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 190.72
      div 10 10 182.66 190.72
      h3 18 18 166.66 41.59
      p 18 71.59 166.66 72.75
      footer 18 156.34 166.66 36.38
      div 208.66 10 182.67 190.72
      h3 216.66 18 166.67 41.59
      p 216.66 71.59 166.67 72.75
      footer 216.66 156.34 166.67 36.38
      div 407.33 10 182.67 190.72
      h3 415.33 18 166.67 41.59
      p 415.33 71.59 166.67 72.75
      footer 415.33 156.34 166.67 36.38`);
  });

  it('takes its own row-gap, split half on each side of the shared rows, and both axes at once', async () => {
    const css = `.rows { display: grid; grid-template-columns: 1fr 1fr; row-gap: 5px; column-gap: 8px }
      .rows > .sg { display: grid; grid-row: span 2; grid-template-rows: subgrid; row-gap: 15px; grid-template-columns: auto auto; border: 3px solid #888; margin-top: 4px; padding-bottom: 10% }
      .rows > .sg2 { display: grid; grid-row: span 2; grid-template-rows: subgrid; grid-template-columns: subgrid; grid-column: span 2 }`;
    const body = `<div class="rows"><div class="sg"><b>r1 a</b><i>r1 b with more words to wrap here</i><u>r2 a</u><s>r2</s></div>
      <div class="sg"><b>x</b><i>y</i><u>z z z z z z z z z z z z z z z z z z</u><s>w</s></div>
      <div class="sg2"><b>A</b><i>B</i><u>C</u><em>D</em></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 107.75
      div 10 14 286 57.38
      b 13 17 46.23 18.19
      i 59.23 17 233.77 18.19
      u 13 50.19 46.23 8
      s 59.23 50.19 233.77 8
      div 304 14 286 57.38
      b 307 17 231 18.19
      i 538 17 49 18.19
      u 307 50.19 231 8
      s 538 50.19 49 8
      div 10 76.38 580 41.38
      b 10 76.38 286 18.19
      i 304 76.38 286 18.19
      u 10 99.56 286 18.19
      em 304 99.56 286 18.19`);
  });
});

describe('subgrid columns', () => {
  it("sizes the parent columns from the subgrids' items (labels of a form)", async () => {
    const css = `.p1 { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px }
      .p1 > .sg { grid-column: span 2; display: grid; grid-template-columns: subgrid; padding: 3px 7px; border-left: 5px solid #000 }`;
    const body = '<div class="p1"><div class="sg"><b>Label</b><i>x</i></div><div class="sg"><b>Much longer label</b><i>y</i></div><u>direct</u><s>item</s></div>';
    expectChromium(await boxes(css, body), `
      div 10 10 580 74.56
      div 10 10 580 24.19
      b 22 13 110.52 18.19
      i 142.52 13 440.48 18.19
      div 10 38.19 580 24.19
      b 22 41.19 110.52 18.19
      i 142.52 41.19 440.48 18.19
      u 10 66.38 122.52 18.19
      s 142.52 66.38 447.48 18.19`);
  });

  it('nests, with its own column-gap, and follows a right-to-left parent or runs the other way', async () => {
    const css = `.nest { display: grid; grid-template-columns: 50px auto 70px auto; column-gap: 8px }
      .nest > .a { grid-column: 1 / -1; display: grid; grid-template-columns: subgrid; padding: 0 5px; column-gap: 20px }
      .nest .b { grid-column: 2 / 4; display: grid; grid-template-columns: subgrid }
      .rtl { display: grid; direction: rtl; grid-template-columns: 40px auto 90px 30px }
      .rtl > .sg { grid-column: 1 / 4; display: grid; grid-template-columns: subgrid; padding-left: 9px }
      .rtl > .ltr { grid-column: 2 / 5; display: grid; grid-template-columns: subgrid; direction: ltr; margin-right: 6px }`;
    const body = `<div class="nest"><div class="a"><b>1</b><div class="b"><b>two two</b><b>three</b></div><b>four four four</b></div></div>
      <div class="rtl"><div class="sg"><b>a</b><i>bb</i><u>c</u></div><div class="ltr"><b>d</b><i>eeeeee</i><u>f</u></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 18.19
      div 10 10 580 18.19
      b 15 10 39 18.19
      div 74 10 268.16 18.19
      b 74 10 190.16 18.19
      b 284.16 10 58 18.19
      b 362.16 10 222.84 18.19
      div 10 28.19 580 36.38
      div 40 28.19 550 18.19
      b 550 28.19 40 18.19
      i 130 28.19 420 18.19
      u 49 28.19 81 18.19
      div 10 46.38 534 18.19
      b 10 46.38 30 18.19
      i 40 46.38 90 18.19
      u 130 46.38 414 18.19`);
  });

  it("names lines with its own list and the parent's names; spans one track unless placed", async () => {
    const css = `.lines { display: grid; grid-template-columns: [a] 60px [b] 80px [c] 100px [d] }
      .lines .s { grid-column: 1 / 4; display: grid; grid-template-columns: subgrid [x] [y] [z] }
      .auto { display: grid; grid-template-columns: repeat(6, 50px) }
      .auto > .sg { display: grid; grid-template-columns: subgrid [a] [b] [c] [d] }
      .auto > .sg2 { display: grid; grid-template-columns: subgrid [a] repeat(auto-fill, [x] [y]) [z]; grid-column: span 5 }`;
    const body = `<div class="lines"><div class="s"><i style="grid-column: y / z">yz</i><i style="grid-column: a">a</i></div></div>
      <div class="auto"><div class="sg"><b style="grid-column: b / d">bd</b></div><div class="sg2"><i style="grid-column: y 2 / z">y2z</i></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 36.38
      div 10 10 240 36.38
      i 70 10 80 18.19
      i 10 28.19 60 18.19
      div 10 46.38 580 18.19
      div 10 46.38 50 18.19
      b 10 46.38 50 18.19
      div 60 46.38 250 18.19
      i 260 46.38 50 18.19`);
  });

  it("has no implicit tracks: items are clamped into it before auto-placement; gutters keep the parent's distributed space", async () => {
    const css = `.clamp { display: grid; grid-template-columns: 30px 40px 50px 60px; grid-template-rows: 20px 20px }
      .clamp > .sg { grid-column: 2 / 4; grid-row: 1 / 3; display: grid; grid-template: subgrid / subgrid }
      .sb { display: grid; grid-template-columns: 60px 60px 60px; justify-content: space-between; width: 400px }
      .sb > .sg { grid-column: 1 / 4; display: grid; grid-template-columns: subgrid }`;
    const body = `<div class="clamp"><div class="sg"><b style="grid-column: 1 / 6">wide</b><i style="grid-column: 4; grid-row: 5">out</i><u style="grid-row: -5 / -4">neg</u></div></div>
      <div class="sb"><div class="sg"><b>1</b><i>2</i><u>3</u></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 40
      div 40 10 90 40
      b 40 30 90 20
      i 80 30 50 20
      u 40 10 40 20
      div 10 50 400 18.19
      div 10 50 400 18.19
      b 10 50 60 18.19
      i 180 50 60 18.19
      u 350 50 60 18.19`);
  });

  // Chromium 156 gives such a subgrid rows of 0 (its items keep only their min-height); the spec
  // says its tracks are then its own (`none`), and octavo follows the spec.
  it('is a grid of its own, with implicit tracks, when its parent is not a grid', async () => {
    const css = '.sg { display: grid; grid-template-columns: subgrid; grid-template-rows: subgrid; width: 200px }';
    expectChromium(await boxes(css, '<div class="sg"><b>one</b><i>two</i></div>'), `
      div 10 10 200 36.38
      b 10 10 200 18.19
      i 10 28.19 200 18.19`);
  });

  it('warns for a subgrid whose writing mode is not its parent\'s, and lays it out as its own grid', async () => {
    const doc = await layoutHtml(`<!DOCTYPE html><style>${STYLE}</style><body><div style="display:grid;grid-template-columns:50px 80px;grid-template-rows:40px 60px">
      <div id=v style="writing-mode:vertical-rl;display:grid;grid-column:1/-1;grid-row:1/-1;grid-template-rows:subgrid"><b>a</b><b>b</b></div></div></body>`,
    { expectWarnings: [{ code: 'css_unsupported', message: /subgrid whose `writing-mode` \(vertical-rl\)/ }] });
    expect(doc.pages).toHaveLength(1);
  });
});

describe('subgrids in other grids', () => {
  it('follows column auto-flow, the gutters align-content opens, percentage padding and spanning items', async () => {
    const css = `.cf { display: grid; grid-template-rows: repeat(3, auto); grid-auto-flow: column; grid-auto-columns: 100px; margin-bottom: 10px }
      .cf > .sg { grid-row: 1 / -1; display: grid; grid-template-rows: subgrid; grid-auto-flow: column; border: 2px solid }
      .ac { display: grid; grid-template-rows: 30px 30px; height: 150px; align-content: space-between; grid-template-columns: 200px; margin-bottom: 10px }
      .ac > .sg { grid-row: 1 / 3; display: grid; grid-template-rows: subgrid }
      .pct { display: grid; grid-template-columns: 25% 1fr 100px; width: 400px; margin-bottom: 10px }
      .pct > .sg { grid-column: 1 / -1; display: grid; grid-template-columns: subgrid; padding: 0 5% }
      .span { display: grid; grid-template-columns: auto auto auto }
      .span > .sg { grid-column: 1 / -1; display: grid; grid-template-columns: subgrid }`;
    const body = `<div class="cf"><div class="sg"><b>one</b><i>two two</i><u>three</u><s>four</s></div><em>x</em></div>
      <div class="ac"><div class="sg"><b>top</b><i>bottom</i></div></div>
      <div class="pct"><div class="sg"><b>a</b><i>b</i><u>c</u></div></div>
      <div class="span"><div class="sg"><b style="grid-column: span 2">a wide spanning label text</b><i>n</i><u>short</u><s style="grid-column: 2 / 4">sp</s></div><em>outside item that is long</em></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 58.56
      div 10 10 100 58.56
      b 12 12 59.67 18.19
      i 12 30.19 59.67 18.19
      u 12 48.38 59.67 18.19
      s 71.67 12 36.33 18.19
      em 110 10 100 20.19
      div 10 78.56 580 150
      div 10 78.56 200 150
      b 10 78.56 200 30
      i 10 198.56 200 30
      div 10 238.56 400 18.19
      div 10 238.56 400 18.19
      b 30 238.56 80 18.19
      i 110 238.56 200 18.19
      u 310 238.56 80 18.19
      div 10 266.75 580 54.56
      div 10 266.75 580 36.38
      b 10 266.75 435.17 18.19
      i 445.17 266.75 144.83 18.19
      u 10 284.94 284.13 18.19
      s 294.13 284.94 295.88 18.19
      em 10 303.13 284.13 18.19`);
  });
});

describe('subgrid cards cut over pages', () => {
  // The menu of docs/comparisons: 18 cards on subgrid rows beside a sidebar spanning them, over two A5 pages.
  it('never draws a card over another, whichever of them goes on to the next page', async () => {
    const html = readFileSync(new URL('../../docs/comparisons/templates/menu-subgrid.html', import.meta.url), 'utf8');
    const doc = await layoutHtml(html);
    expect(doc.pages).toHaveLength(2);
    for (const page of doc.pages) {
      const cards: Fragment[] = [];
      const visit = (f: Fragment): void => {
        if (f.kind === 'box' && f.box.element?.name === 'article') cards.push(f);
        else if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
      };
      page.children.forEach(visit);
      for (const a of cards) {
        for (const b of cards) {
          if (a === b) continue;
          const overlap = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
          expect(overlap, `${a.x},${a.y} ${a.width}x${a.height} and ${b.x},${b.y} ${b.width}x${b.height}`).toBe(false);
        }
      }
    }
  });
});

describe('a contained grid is not a subgrid', () => {
  it('lays out its own tracks under container-type, contain: layout or paint; overflow: hidden keeps the subgrid', async () => {
    // CSS Grid 2 §9: containment makes an independent formatting context, where `subgrid` is used as `none`
    const css = `.team { display: grid; grid-template-columns: repeat(3, 1fr); gap: 14px }
      .team > div { display: grid; grid-template-columns: subgrid; grid-column: span 2; border: 1px solid #ccc; padding: 8px }
      #c1 { container-type: inline-size } #c2 { contain: layout } #c3 { contain: paint } #c4 { overflow: hidden }`;
    const body = `<div class="team"><div id=c1><b style="aspect-ratio: 1">a</b><i>Ada</i></div>
      <div id=c2><b>a</b><i>Ada</i></div><div id=c3><b>a</b><i>Ada</i></div><div id=c4><b>a</b><i>Ada</i></div></div>`;
    expectChromium(await boxes(css, body), `
      div 10 10 580 587.13
      div 10 10 382 400.19
      b 19 19 364 364
      i 19 383 364 18.19
      div 10 424.19 382 54.38
      b 19 433.19 364 18.19
      i 19 451.38 364 18.19
      div 10 492.56 382 54.38
      b 19 501.56 364 18.19
      i 19 519.75 364 18.19
      div 10 560.94 382 36.19
      b 19 569.94 175 18.19
      i 208 569.94 175 18.19`);
  });
});
