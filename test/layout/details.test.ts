import { describe, expect, it } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 500px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } details { width: 300px }</style>';

function box(fragment: Fragment | undefined): string {
  if (fragment === undefined) return 'not laid out';
  return `${fragment.x},${fragment.y} ${fragment.width}x${fragment.height}`;
}

// Expected boxes are Chromium's for the same page (getBoundingClientRect).
describe('details and summary as Chromium renders them', () => {
  it('a closed details renders its summary alone; an open one its summary first', async () => {
    const doc = await layoutHtml(`${PAGE}<ol id=o1><li>a</li></ol>
      <details id=d1 open><p id=p1 style="margin:0">open body</p><summary id=s1>Open</summary></details>
      <details id=d2><summary id=s2>Closed</summary>text<p id=p2 style="margin:0">hidden</p></details>
      <ol id=o2><li>b</li></ol>`);
    const page = doc.pages[0]!;
    expect(['d1', 's1', 'p1', 'd2', 's2', 'p2', 'o2'].map((id) => `${id} ${box(findById(page, id))}`)).toEqual([
      'd1 0,52 300x40', 's1 0,52 300x20', 'p1 0,72 300x20', 'd2 0,92 300x20', 's2 0,92 300x20', 'p2 not laid out', 'o2 0,128 600x20',
    ]);
    const texts = page.children.flatMap(textFragments).map((t) => t.text);
    expect(texts.join(' ')).not.toMatch(/hidden|text/);
  });

  it('the summary is a list item that does not count and shows a disclosure triangle', async () => {
    const doc = await layoutHtml(`${PAGE}<details id=d1 open><summary id=s1>Open</summary></details><details><summary id=s2>Closed</summary></details><ol><li id=li>x</li></ol>`);
    const page = doc.pages[0]!;
    const markers = (id: string): string[] => {
      const found: string[] = [];
      const visit = (f: Fragment): void => {
        if (f.kind === 'box' && f.box.pseudo === 'marker') found.push(f.box.kind);
        if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
      };
      visit(findById(page, id)!);
      return found;
    };
    expect(markers('s1')).toHaveLength(1);
    expect(markers('s2')).toHaveLength(1);
    // `counter-increment: list-item 0`: the list after the summaries still starts at 1
    expect(findById(page, 'li')!.kind).toBe('box');
    expect(page.children.flatMap(textFragments).map((t) => t.text)).toContain('1. ');
  });

  it('a summary\'s line is as tall as its font\'s, whatever face has the triangle\'s glyph', async () => {
    // `line-height: normal` in 14.667px Arial: Chromium's 16px lines; the ▸ and ▾ only DejaVu Sans has would make them 17px
    const doc = await layoutHtml(`<!DOCTYPE html><style>@page { size: 600px 500px; margin: 0 } body { margin: 0; font: 11pt Arial }</style>
      <details id=d1><summary id=s1>Closed</summary>body</details><details id=d2 open><summary id=s2>Open</summary><p id=p2 style="margin:0">body</p></details>`);
    const page = doc.pages[0]!;
    expect(['d1', 's1', 'd2', 's2', 'p2'].map((id) => `${id} ${box(findById(page, id))}`)).toEqual([
      'd1 0,0 600x16', 's1 0,0 600x16', 'd2 0,16 600x32', 's2 0,16 600x16', 'p2 0,32 600x16',
    ]);
  });

  it('a details without a summary is warned (a browser shows a default one)', async () => {
    const doc = await layoutHtml(`${PAGE}<details id=d1><p>hidden</p></details><p id=after>after</p>`, {
      expectWarnings: [{ code: 'html', message: /without a `<summary>`/ }],
    });
    expect(box(findById(doc.pages[0]!, 'd1'))).toBe('0,0 300x0');
  });
});
