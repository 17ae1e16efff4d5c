/**
 * `text-decoration-skip-ink` (CSS Text Decoration 4 §2.6): by default an underline or overline
 * stops short of the glyphs it would cross, by its thickness on each side (Chromium's gaps), and
 * a line-through does not. A full block (U+2588, DejaVu Sans) crosses every line of its text.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const page = (decoration: string): Promise<string[]> => renderPage(`<style>@page { size: 40px 24px; margin: 0 } body { margin: 0 }
  div { font: 20px/24px "DejaVu Sans"; white-space: pre; ${decoration} }</style><div>-\u2588-</div>`, {}, { tolerance: 60 });

describe('text-decoration-skip-ink', () => {
  it('auto (the initial value): the underline leaves a gap of its thickness on each side of a glyph it crosses', async () => {
    const rows = await page('text-decoration: underline 3px red');
    // the line where Chromium 156 draws it: a 3px line 2px below the baseline (19), rows 21 to 23
    for (const row of rows.slice(21, 24)) expect(row).toBe('RRRR___KKKKKKKKKKKKKKKK___RRRR__________');
    expect(rows[20]).toBe('_______KKKKKKKKKKKKKKKK_________________');
  });

  it('none: the underline runs through', async () => {
    const rows = await page('text-decoration: underline 3px red; text-decoration-skip-ink: none');
    for (const row of rows.slice(21, 24)) expect(row).toBe('RRRRRRRKKKKKKKKKKKKKKKKRRRRRRR__________');
  });

  it('a line-through crosses the glyphs; an overline skips them too', async () => {
    const through = await page('text-decoration: line-through 3px red');
    // (painted over the glyphs, as CSS2 Appendix E orders it)
    expect(through.some((row) => row.startsWith(`${'R'.repeat(30)}_`))).toBe(true);
    // the overline lies above the text's top (the baseline less the rounded ascent, as Chromium
    // places it): acutes stacked over an Å reach it
    const over = await renderPage(`<style>@page { size: 40px 40px; margin: 0 } body { margin: 0 }
      div { font: 20px/40px "DejaVu Sans"; white-space: pre; text-decoration: overline 3px red }</style><div>-\u00c5\u0301\u0301\u0301-</div>`, {}, { tolerance: 60 });
    const lines = over.filter((row) => row.includes('R'));
    expect(lines.length).toBe(3);
    for (const row of lines) expect(row).toMatch(/^R+_+K*_*R+_+$/);
  });
});
