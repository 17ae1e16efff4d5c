/**
 * Line fragments are made once, where the line is placed (inline/line-box.ts `lineFragment`), from
 * the parts a laid-out line keeps across layouts: the line box at its place, its baseline in the
 * same frame, its content relative to it. The cases here place lines where the content is not at
 * the line's origin or the line is not where it was laid out: an outside marker (its line sized to
 * its content), an ellipsis, text-align and vertical-align, a cell stretched to its row.
 */
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../helpers/layout.js';
import type { Fragment, PageLayout } from '../../src/layout/types.js';
import { layoutInlineContent, lineFragment } from '../../src/layout/inline/index.js';
import { env, paragraphs } from './inline-helpers.js';

const CSS = '@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 10px/20px "Liberation Mono" }';

function round(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Every line of the page (page frame): `line x,y wxh b=baseline`, then its texts `text "…" x b=baseline`. */
function lines(page: PageLayout): string[] {
  const out: string[] = [];
  const visit = (f: Fragment): void => {
    if (f.kind === 'line') {
      out.push(`line ${round(f.x)},${round(f.y)} ${round(f.width)}x${round(f.height)} b=${round(f.baseline)}`);
      for (const child of f.children) {
        if (child.kind === 'text') out.push(`  text ${JSON.stringify(child.text)} ${round(child.x)} b=${round(child.baseline)}`);
        else if (child.kind === 'box') out.push(`  box ${round(child.x)},${round(child.y)} ${round(child.width)}x${round(child.height)}`);
      }
      return;
    }
    if (f.kind === 'box') f.children.forEach(visit);
  };
  page.children.forEach(visit);
  return out;
}

async function linesOf(body: string, css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<!DOCTYPE html><style>${CSS} ${css}</style>${body}`);
  return lines(doc.pages[0]!);
}

describe('line fragments made at their place', () => {
  it('places an outside marker\'s line on the item\'s first baseline, sized to its content', async () => {
    expect(await linesOf('<p style="margin:0 0 13px">x</p><ol style="margin:0;padding-left:40px"><li>Item</li></ol>')).toEqual([
      'line 0,0 300x20 b=12',
      '  text "x" 0 b=12',
      'line 40,33 260x20 b=45',
      '  text "Item" 40 b=45',
      'line 21.997,33 18.003x20 b=45',
      '  text "1. " 21.997 b=45',
    ]);
    expect(await linesOf('<p style="margin:0 0 13px">x</p><ol dir=rtl style="margin:0;padding-right:40px"><li>Item</li></ol>')).toEqual([
      'line 0,0 300x20 b=12',
      '  text "x" 0 b=12',
      'line 0,33 260x20 b=45',
      '  text "Item" 235.996 b=45',
      'line 260,33 18.003x20 b=45',
      '  text ". " 260 b=45',
      '  text "1" 272.002 b=45',
    ]);
  });

  it('puts the ellipsis on the line\'s baseline wherever the line is placed', async () => {
    expect(await linesOf('<p style="margin:0 0 7px">x</p><div style="margin-left:11px;width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">abcdefghijklmno</div>')).toEqual([
      'line 0,0 300x20 b=12',
      '  text "x" 0 b=12',
      'line 11,27 60x20 b=39',
      '  text "abcdefghi" 11 b=39',
      '  text "…" 65.009 b=39',
    ]);
  });

  it('keeps a line box at the content edge with its content moved by text-align', async () => {
    expect(await linesOf('<p style="margin:5px 0 0 9px;width:100px;text-align:center">abc def</p><p style="margin:0 0 0 9px;width:100px;text-align:right">ab<br>abcd</p>')).toEqual([
      'line 9,5 100x20 b=17',
      '  text "abc def" 37.997 b=17',
      'line 9,25 100x20 b=37',
      '  text "ab" 96.998 b=37',
      'line 9,45 100x20 b=57',
      '  text "abcd" 84.996 b=57',
    ]);
  });

  it('gives a line with vertical-align its baseline below its taller top', async () => {
    expect(await linesOf('<p style="margin:3px 0 0">a<span style="vertical-align:super;font-size:20px">b</span><span style="display:inline-block;width:10px;height:40px"></span>c</p>')).toEqual([
      'line 0,3 300x48 b=43',
      '  text "a" 0 b=43',
      '  box 6.001,21.672 12.002x23', // Chromium 156: y 21.671875 (super raises by 10px / 3 in 64ths + 1)
      '  box 18.003,3 10x40',
      '  text "c" 28.003 b=43',
    ]);
  });

  it('moves the lines of a cell stretched to its row by its vertical-align', async () => {
    expect(await linesOf('<table style="border-spacing:0;margin-top:4px"><tr><td style="padding:2px;vertical-align:middle">m</td><td style="padding:2px;vertical-align:bottom">b</td><td style="padding:2px">a<br>b<br>c</td></tr></table>')).toEqual([
      'line 2,26 6.001x20 b=38',
      '  text "m" 2 b=38',
      'line 12.001,46 6.001x20 b=58',
      '  text "b" 12.001 b=58',
      'line 22.002,6 6.001x20 b=18',
      '  text "a" 22.002 b=18',
      'line 22.002,26 6.001x20 b=38',
      '  text "b" 22.002 b=38',
      'line 22.002,46 6.001x20 b=58',
      '  text "c" 22.002 b=58',
    ]);
  });

  it('makes a new record at each place from the kept line, sharing its content', async () => {
    const [box] = await paragraphs('<p>Some words that wrap</p>');
    const [line] = layoutInlineContent(box!, 60, env());
    const a = lineFragment(line!, 3, 0.1);
    const b = lineFragment(line!, 0, 0);
    expect(a).not.toBe(b);
    expect(a.children).toBe(line!.children);
    expect(b.children).toBe(line!.children);
    expect([a.x, a.y, a.width, a.height, a.baseline]).toEqual([3, 0.1, line!.width, line!.height, line!.baseline + 0.1]);
    expect([b.x, b.y, b.baseline]).toEqual([0, 0, line!.baseline]);
  });
});
