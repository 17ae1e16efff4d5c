/**
 * Paint reads fragments in their parents' frames (paint/placed.ts): every position it draws is
 * resolved through the fragment's ancestors. Moving the root's fragment — one record, its
 * descendants untouched, as layout moves a subtree (layout/fragment.ts, offsetFragment) — must
 * move everything drawn inside it by as much: a painter that read a position in its parent's
 * frame would leave its part where it was.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type { PageLayout } from '../../src/layout/types.js';
import { offsetFragment } from '../../src/layout/fragment.js';
import { dumpPage, inPageFrame, layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));

/** Boxes nested in boxes, lines and cells, with a part for each painter that reads a position. */
const DOCUMENT = `<style>
  @page { size: 400px 600px; margin: 10px } body { margin: 8px; font: 12px/16px sans-serif }
  .card { margin: 6px 0 0 14px; padding: 5px; border: 2px solid navy; border-radius: 6px; background: #eef;
    box-shadow: 3px 4px 0 teal, inset 1px 1px 0 #ccc; outline: 1px dashed green; outline-offset: 2px }
  .clipped { overflow: hidden; width: 120px; height: 30px; border: 1px solid black }
  .shape { clip-path: inset(2px round 3px); background: orange; width: 50px; height: 20px }
  .abs { position: relative; left: 7px; top: 3px; background: pink }
  .clip { position: absolute; left: 20px; top: 5px; clip: rect(1px, 30px, 10px, 2px); background: gray; width: 40px; height: 20px }
  table { border-collapse: collapse; margin-left: 9px } td { border: 1px solid red; padding: 2px }
  .cols { columns: 2; column-rule: 1px solid blue; column-gap: 10px; width: 200px }
  u { text-decoration: underline } .shadowed { text-shadow: 1px 1px 0 gray }
  span.inline { background: yellow; border: 1px solid olive }
</style>
<div class="card" id="card">
  <h1 style="font-size: 14px; margin: 0">Title</h1>
  <p>Some <u>underlined</u> and <span class="inline">boxed</span> <a href="https://example.com/">linked</a> <span class="shadowed">shadowed</span> text
    <img src="red-blue.jpg" style="width: 20px; height: 10px; border: 1px solid black"> after an image.</p>
  <ul style="margin: 0; padding-left: 20px"><li>one</li><li>two</li></ul>
  <ol style="margin: 0; padding-left: 20px"><li>first</li></ol>
  <div class="clipped"><div style="margin-left: 3px">clipped content that is long enough to overflow the box it is in</div></div>
  <div class="shape"></div>
  <div style="position: relative; height: 30px"><div class="abs">relative</div><div class="clip">clipped</div></div>
  <table><tr><td>a</td><td>b</td></tr><tr><td colspan="2">c</td></tr></table>
  <div class="cols">one two three four five six seven eight nine ten eleven twelve</div>
</div>`;

const SHIFTED_X = new Set(['x', 'x0', 'x1', 'x2', 'cx', 'fx']);
const SHIFTED_Y = new Set(['y', 'y0', 'y1', 'y2', 'cy', 'fy']);
/** Not positions on the page: fonts, images, glyphs and their advances, colours, pixels. */
const UNSHIFTED = new Set(['face', 'image', 'glyphs', 'advances', 'element', 'color', 'data', 'stops', 'radii']);

/** `value` with every page coordinate in it moved by (dx, dy). */
function shifted(value: unknown, dx: number, dy: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shifted(v, dx, dy));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number' && SHIFTED_X.has(key)) out[key] = v + dx;
    else if (typeof v === 'number' && SHIFTED_Y.has(key)) out[key] = v + dy;
    else out[key] = UNSHIFTED.has(key) ? v : shifted(v, dx, dy);
  }
  return out;
}

/** Numbers rounded to 1e-6 px: (a + d) + b and (a + b) + d may differ in the last bit. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (Array.isArray(value)) return value.map(rounded);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ['face', 'image', 'element', 'glyphs'].includes(k) ? v : rounded(v)]));
}

function withRootMoved(page: PageLayout, dx: number, dy: number): PageLayout {
  return { ...page, children: page.children.map((f, i) => (i === 0 ? offsetFragment(f, dx, dy) : f)) };
}

const kinds = (items: readonly DisplayItem[]): Set<string> => new Set(items.map((item) => item.kind));

describe('paint in the fragments\' frames', () => {
  it('moves everything drawn inside a box with the box: each position is resolved through its ancestors', async () => {
    const doc = await layoutInFrames(DOCUMENT, { baseDir: IMAGES });
    const page = doc.pages[0]!;
    const painted = paintPage(page);
    // the document exercises what it is meant to: text, list symbols, images, clips, links, bookmarks
    expect([...kinds(painted.items)]).toEqual(expect.arrayContaining(['glyphs', 'fill-rect', 'fill-path', 'push-clip', 'push-clip-path', 'image']));
    expect([...kinds(painted.items)].filter((k) => k === 'link' || k === 'destination' || k === 'bookmark')).toHaveLength(3);
    const moved = paintPage(withRootMoved(page, 37, 53));
    expect(rounded(moved.items)).toEqual(rounded(shifted(painted.items, 37, 53)));
  });

  it('draws each text where the tests\' helper (inPageFrame) resolves it', async () => {
    const doc = await layoutInFrames(DOCUMENT, { baseDir: IMAGES });
    const page = doc.pages[0]!;
    // the layout nests frames (a card's paragraph is not at the page's origin)
    expect(dumpPage(page)).not.toBe(dumpPage(inPageFrame(page)));
    const flat = inPageFrame(page);
    // every fragment of the resolved tree taken out of its parents' frames, as a page of loose
    // fragments at the page's origin, draws its glyphs where the frames put them
    const glyphsAt = (items: readonly DisplayItem[]): string[] => items.flatMap((item) => (item.kind === 'glyphs' ? [`${item.x.toFixed(6)},${item.y.toFixed(6)}`] : []));
    const texts = (fragments: PageLayout['children']): PageLayout['children'] => fragments.flatMap((f) => (f.kind === 'text' ? [f] : f.kind === 'box' || f.kind === 'line' ? texts(f.children) : []));
    const loose = paintPage({ ...flat, children: texts(flat.children), marginBoxes: [] });
    const painted = paintPage(page).items;
    const drawn = glyphsAt(painted);
    const all = glyphsAt(loose.items);
    expect(all).toEqual(expect.arrayContaining(drawn));
    // but for the text that .clipped hides whole (not drawn: stacking.ts textClippedAway)
    const hidden = all.filter((at) => !drawn.includes(at));
    expect(hidden.length).toBeGreaterThan(0);
    // (.clipped's padding box is 120px wide: its glyphs left out start below its bottom)
    const clip = painted.find((item) => item.kind === 'push-clip' && item.rect.width === 120);
    if (clip?.kind !== 'push-clip') throw new Error('no clip of .clipped');
    for (const at of hidden) expect(Number(at.split(',')[1])).toBeGreaterThan(clip.rect.y + clip.rect.height);
  });
});
