/**
 * `column-span: all` deeper than the multi-column container's children (CSS Multi-column Layout 1
 * §6.1): the blocks around it are cut, and it spans the container, as Chromium 156 lays it out.
 * Each line is an inline-block 20px tall (font-size 0); the expectations are Chromium's
 * getClientRects() for the same HTML (one rect per fragment).
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { layoutHtml, textFragments } from '../helpers/layout.js';

const BASE = `@page { size: 600px 400px; margin: 0 } body { margin: 0 }
  .mc { orphans: 1; widows: 1; font-size: 0; line-height: 0; column-gap: 10px; columns: 2 }
  i { display: inline-block; width: 100%; height: 20px }`;

const lines = (n: number, id = ''): string => (id === '' ? '' : `<i id=${id}></i>`) + '<i></i>'.repeat(id === '' ? n : n - 1);

/** `id x,y wxh` for every fragment of an element with an id, in tree order. */
async function fragments(body: string, css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<style>${BASE} ${css}</style>${body}`);
  const out: string[] = [];
  const visit = (f: Fragment): void => {
    const id = f.kind === 'box' ? f.box.element?.attribs['id'] : undefined;
    if (f.kind === 'box' && id !== undefined) out.push(`${id} ${round(f.x)},${round(f.y)} ${round(f.width)}x${round(f.height)}`);
    if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
  };
  for (const p of doc.pages) p.children.forEach(visit);
  return out;
}

const round = (v: number): number => Math.round(v * 100) / 100;

describe('spanners inside the container\'s blocks', () => {
  it('cuts the block around the spanner: its top edges above, its bottom edges below', async () => {
    const html = `<div id=mc class=mc><div id=a style="border:2px solid;padding:3px;margin:4px 0 6px">${lines(3, 'i1')}`
      + `<div id=s style="column-span:all;height:20px;margin:5px 0"></div>${lines(3, 'i4')}</div><div id=b>${lines(1, 'i7')}</div></div>`;
    expect(await fragments(html)).toEqual([
      'mc 0,0 600x121',
      'a 0,4 295x36', 'i1 5,9 285x20', 'a 305,0 295x40',
      's 0,45 600x20',
      'a 0,70 295x51', 'i4 5,70 285x20', 'a 305,70 295x25',
      'b 305,101 295x20', 'i7 305,101 295x20',
    ]);
  });

  it('cuts every block between the container and the spanner (a section\'s article\'s heading)', async () => {
    const html = `<div id=mc class=mc><section id=o style="padding-bottom:4px"><i id=i0></i><article id=a style="margin-top:6px">${lines(3, 'i1')}`
      + `<h2 id=s style="column-span:all;height:20px;margin:0"></h2><i id=i4></i></article><i id=i5></i></section></div>`;
    expect(await fragments(html)).toEqual([
      'mc 0,0 600x90',
      'o 0,0 295x46', 'i0 0,0 295x20', 'a 0,26 295x20', 'i1 0,26 295x20', 'o 305,0 295x40', 'a 305,0 295x40',
      's 0,46 600x20',
      'o 0,66 295x24', 'a 0,66 295x20', 'i4 0,66 295x20', 'o 305,66 295x24', 'i5 305,66 295x20',
    ]);
  });

  it('keeps the top margin below the spanner inside the piece, and balances with the margin above it as at a container\'s end', async () => {
    const html = `<div id=mc class=mc><section id=a><div><p id=p style="margin:0 0 16px">${lines(2)}</p></div><p id=p2 style="margin:0">${lines(1)}</p>`
      + `<h2 id=s style="column-span:all;height:20px;margin:4px 0"></h2><p id=q style="margin:10px 0 0">${lines(1)}</p></section></div>`;
    expect(await fragments(html)).toEqual([
      'mc 0,0 600x98', 'a 0,0 295x40', 'p 0,0 295x40', 'a 305,0 295x20', 'p2 305,0 295x20', 's 0,44 600x20', 'a 0,68 295x30', 'q 0,78 295x20',
    ]);
    // text: a paragraph with its 16px bottom margin ends the piece above the spanner (Chromium 156: the spanner at 104)
    const alpha = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma.';
    const text = `<div id=mc style="columns:2;width:500px;font:16px 'Liberation Serif'"><section style="border:2px solid;padding:4px"><p>${alpha} ${alpha} ${alpha}</p>`
      + `<h2 id=s style="column-span:all;margin:4px 0;height:20px"></h2><p>Tau.</p></section></div>`;
    expect((await fragments(text)).filter((f) => f.startsWith('mc') || f.startsWith('s '))).toEqual(['mc 0,0 500x184', 's 0,104 500x20']);
  });

  it('spans from a list item, across the list\'s padding', async () => {
    const html = `<div id=mc class=mc><ul id=u style="margin:0;padding:0 0 0 20px;font-size:10px"><li id=l1>${lines(2)}</li>`
      + `<li id=s style="column-span:all;height:20px"></li><li id=l3>${lines(1)}</li></ul></div>`;
    expect(await fragments(html)).toEqual([
      'mc 0,0 600x60', 'u 0,0 295x20', 'l1 20,0 275x20', 'u 305,0 295x20', 'l1 325,0 275x20', 's 0,20 600x20', 'u 0,40 295x20', 'l3 20,40 275x20',
    ]);
  });

  it('puts a list item\'s marker beside its first line, below a spanner that is its first child', async () => {
    const doc = await layoutHtml(`<style>${BASE}</style><div class=mc><ol style="margin:0;padding:0 0 0 30px;font:10px/20px 'Liberation Serif'">`
      + `<li>A</li><li><h2 style="column-span:all;height:20px;margin:0"></h2>B</li><li>C</li></ol></div>`);
    // Chromium 156's PDF: each marker beside its item's text, "2." below the spanner
    const words = doc.pages[0]!.children.flatMap(textFragments).map((t) => `${t.text} ${round(t.x)},${round(t.y)}`);
    expect(words).toEqual(['A 30,4.09', '1.  20,4.09', 'B 30,44.09', '2.  20,44.09', 'C 335,44.09', '3.  325,44.09']);
  });

  it('leaves a spanner inside a formatting context root in its column', async () => {
    expect(await fragments(`<div id=mc class=mc><div id=a style="display:flow-root">${lines(2)}<div id=s style="column-span:all">${lines(1)}</div></div></div>`)).toEqual([
      'mc 0,0 600x40', 'a 0,0 295x40', 'a 305,0 295x20', 's 305,0 295x20',
    ]);
  });
});
