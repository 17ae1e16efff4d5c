/**
 * Text decorations propagate into the block-level boxes an inline box holds (CSS Text Decoration
 * 3 §2.1; CSS2 §9.2.1.1 splits the inline around them): a linked card (`<a href><div>`) or table
 * is underlined in Chromium, in the link's decoration colour.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

// transparent text: only the decorations are drawn
const STYLE = `<style>@page { size: 24px 24px; margin: 0 } body { margin: 0; font: 10px/12px "Liberation Mono" }
  a, span { color: transparent; text-decoration: underline red 2px; text-underline-offset: 0 } td { padding: 0 }</style>`;

const painted = (rows: readonly string[]): number => rows.join('').replace(/_/g, '').length;

describe('text decorations into block-level boxes', () => {
  it('underlines the text of a block and of a table taken out of a link, as Chromium does', async () => {
    for (const body of ['<a href="#x"><div>xx</div></a>', '<a href="#x"><table cellspacing=0><tr><td>xx</td></tr></table></a>', '<span><b><div>xx</div></b></span>']) {
      const page = await renderPage(`<!DOCTYPE html>${STYLE}${body}`);
      // a 12px (two 6px glyphs) red underline, 2px thick
      expect(painted(page)).toBe(24);
      expect(page.filter((row) => row.includes('R')).map((row) => row.indexOf('R'))).toEqual([0, 0]);
    }
  });

  it('does not underline a block beside the link', async () => {
    const page = await renderPage(`<!DOCTYPE html>${STYLE}<div><a href="#x"></a></div><div style="color: transparent">xx</div>`);
    expect(painted(page)).toBe(0);
  });
});
