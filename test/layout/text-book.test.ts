/**
 * The book fixture: twenty pages of justified, hyphenated prose. It renders without warnings,
 * its justified lines end at the right edge, hyphenation happens in each language of the
 * colophon, and pagination never shapes text again (the same shape() calls whatever the page size).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { inPageFrames } from '../helpers/layout.js';
import type { Fragment, LineFragment, TextFragment } from '../../src/layout/types.js';

const folder = new URL('../../fixtures/book/', import.meta.url);
const template = readFileSync(new URL('template.html', folder), 'utf8');
const data: unknown = JSON.parse(readFileSync(new URL('data.json', folder), 'utf8'));
const request = { template, data, baseDir: fileURLToPath(folder), deterministic: true };

function lines(fragment: Fragment): LineFragment[] {
  if (fragment.kind === 'line') return [fragment];
  return fragment.kind === 'box' ? fragment.children.flatMap(lines) : [];
}

function texts(fragment: Fragment): TextFragment[] {
  if (fragment.kind === 'text') return [fragment];
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.flatMap(texts) : [];
}

describe('the book fixture', () => {
  it('lays out about twenty justified, hyphenated pages without warnings', async () => {
    const engine = createInternalEngine();
    const laid = inPageFrames(await engine.layout(request));
    expect(laid.diagnostics).toEqual([]);
    expect(laid.pages.length).toBeGreaterThanOrEqual(19);
    expect(laid.pages.length).toBeLessThanOrEqual(23);
    const all = laid.pages.flatMap((page) => page.children.flatMap(lines));
    const content = all.map((line) => texts(line).map((t) => t.text).join(''));
    const hyphenated = content.filter((text) => text.endsWith('\u2010'));
    expect(hyphenated.length).toBeGreaterThan(20);
    // a justified line that is not the last of its paragraph ends at the right edge of the text block
    const page = laid.pages[4]!;
    // the page area is whole pixels wide, rounded up, from the nearest whole pixel, as Chromium prints it
    const right = Math.round(page.margins.left) + Math.ceil(page.width - page.margins.left - page.margins.right);
    const full = page.children.flatMap(lines).filter((line) => texts(line).length > 0).slice(0, -1);
    const ends = full.map((line) => Math.max(...texts(line).map((t) => t.x + t.width)));
    expect(ends.filter((end) => Math.abs(end - right) < 0.01).length).toBeGreaterThan(full.length * 0.8);
    // every colophon language hyphenates
    for (const word of ['Spra\u2010', 'cia\u2010', 'automa\u2010']) expect(content.some((text) => text.endsWith(word)), word).toBe(true);
  });

  it('never shapes again to paginate', async () => {
    // without page numbers, whose margin boxes are shaped once per page
    const unnumbered = template.replace(/content: counter\(page\);/, 'content: none;');
    expect(unnumbered).not.toBe(template);
    const paged = createInternalEngine();
    await paged.layout({ ...request, template: unnumbered });
    const oneLongPage = createInternalEngine();
    const long = unnumbered.replace('@page { size: A5;', '@page { size: 148mm 20000mm;');
    const single = await oneLongPage.layout({ ...request, template: long });
    expect(single.pages.length).toBe(6); // title, preface, three chapters, colophon: forced breaks only
    expect(paged.fontStats.calls).toBe(oneLongPage.fontStats.calls);
    expect(paged.fontStats.texts.misses).toBe(oneLongPage.fontStats.texts.misses);
  });
});
