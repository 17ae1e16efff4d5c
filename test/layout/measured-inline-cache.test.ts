// The render's cache of measured inline content (inline/measured.ts): one record per box for its
// first width, a map only for further widths; each width keeps its pieces and lines.
import { describe, expect, it } from 'vitest';
import { keptMeasuredInline, measuredInline } from '../../src/layout/inline/measured.js';
import { layoutInlineContent } from '../../src/layout/inline/index.js';
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
