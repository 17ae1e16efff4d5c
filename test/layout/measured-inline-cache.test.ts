// The render's cache of measured inline content (inline/measured.ts): one record per box for its
// first width, a map only for further widths; each width keeps its pieces and lines.
import { describe, expect, it } from 'vitest';
import { keptMeasuredInline, measuredInline } from '../../src/layout/inline/measured.js';
import { contentLines, layoutInlineContent } from '../../src/layout/inline/index.js';
import { env, paragraphs } from './inline-helpers.js';

describe('measured inline content, kept per width', () => {
  it('shares the pieces of text alone at every width, and keeps the lines of each width', async () => {
    const [box] = await paragraphs('<p>Some words that wrap at a narrow width</p>');
    const e = env();
    const at200 = measuredInline(box!, 200, e);
    expect(measuredInline(box!, 300, e)).toBe(at200);
    const lines200 = layoutInlineContent(box!, 200, e);
    const lines60 = layoutInlineContent(box!, 60, e);
    expect(lines60.length).toBeGreaterThan(lines200.length);
    expect(layoutInlineContent(box!, 200, e)).toBe(lines200);
    expect(layoutInlineContent(box!, 60, e)).toBe(lines60);
  });

  it('measures content that depends on the width once per width, and keeps each', async () => {
    const [box] = await paragraphs('<p>Some <span style="padding-left: 10%">padded</span> words</p>');
    const e = env();
    expect(keptMeasuredInline(box!, 200, e)).toBeUndefined();
    const at200 = measuredInline(box!, 200, e);
    const at300 = measuredInline(box!, 300, e);
    const at400 = measuredInline(box!, 400, e);
    expect(new Set([at200, at300, at400]).size).toBe(3);
    expect([measuredInline(box!, 200, e), measuredInline(box!, 300, e), keptMeasuredInline(box!, 400, e)]).toEqual([at200, at300, at400]);
    expect(measuredInline(box!, 300, e)).toBe(at300);
    expect(keptMeasuredInline(box!, 500, e)).toBeUndefined();
  });
});

describe('the lines of a width, laid out as far as asked', () => {
  const listing = `<p style="white-space: pre">${Array.from({ length: 400 }, (_, i) => `\tline ${i};`).join('\n')}</p>`;

  it('lays out a long listing only up to the line asked for', async () => {
    const [box] = await paragraphs(listing);
    const lines = contentLines(box!, 300, env());
    expect(lines.line(9)?.start.index).toBeGreaterThan(0);
    expect(lines.laidOut).toBe(10);
    expect(lines.line(400)).toBeUndefined();
    expect(lines.laidOut).toBe(400);
  });

  it('finds the line a resume position starts, laying out no further than the line after it', async () => {
    const [box] = await paragraphs(listing);
    const e = env();
    const all = [...layoutInlineContent(box!, 300, e)];
    const fresh = contentLines(box!, 280, e);
    expect(fresh.indexOf(all[0]!.start)).toBe(0);
    const lines = contentLines(box!, 300, e);
    expect(lines.indexOf(all[250]!.start)).toBe(250);
    const later = contentLines((await paragraphs(listing))[0]!, 300, e);
    // inside line 250: no line starts there
    expect(later.indexOf({ index: all[250]!.start.index + 1, tail: undefined })).toBe(-1);
    expect(later.laidOut).toBe(252);
    expect(later.indexOf(later.line(120)!.start)).toBe(120);
  });

  it('finds each line of a word cut over several lines by its tail', async () => {
    const [box] = await paragraphs(`<p style="overflow-wrap: anywhere">${'x'.repeat(300)}</p>`);
    const e = env();
    const all = layoutInlineContent(box!, 60, e);
    expect(all.length).toBeGreaterThan(3);
    expect(new Set(all.map((line) => line.start.index)).size).toBeLessThan(all.length);
    all.forEach((line, i) => expect(contentLines(box!, 60, e).indexOf(line.start)).toBe(i));
  });

  it('lays out balanced lines all at once, balanced', async () => {
    const [box] = await paragraphs('<p style="text-wrap: balance">A heading that wraps onto a second line at this width</p>');
    const lines = contentLines(box!, 200, env());
    expect(lines.laidOut).toBeGreaterThan(1);
    const widths = lines.all().map((line) => line.width);
    expect(Math.abs(widths[0]! - widths[1]!)).toBeLessThan(40);
  });
});
