// Text, images and blocks' own backgrounds and borders wholly outside the clip of an `overflow`
// box are not written to the PDF, as Chromium's PDF leaves them out: they are neither drawn, nor
// found by search, nor copied, nor embedded (paint/stacking.ts textReach, replacedClippedAway,
// ownClippedAway). Text that reaches into the
// clip, even by a glyph's tail, is kept whole.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPdf, renderPixels } from '../helpers/render.js';
import { qpdf } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { pdfWords } from '../helpers/words.js';

const run = promisify(execFile);
const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));

/** The link annotations' rectangles of a PDF, pt from the bottom left, rounded to 0.01. */
async function linkRects(pdf: Uint8Array): Promise<number[][]> {
  const json = JSON.parse((await qpdf(pdf, ['--json=1', '--json-key=objects'])).stdout) as { objects: Record<string, Record<string, unknown>> };
  return Object.values(json.objects)
    .filter((o) => typeof o === 'object' && o !== null && o['/Subtype'] === '/Link')
    .map((o) => (o['/Rect'] as number[]).map((v) => Math.round(v * 100) / 100));
}

/** The images a PDF draws, as `pdfimages -list` lists them: width and height of each. */
async function drawnImages(pdf: Uint8Array): Promise<string[]> {
  const list = await withPdfFile(pdf, async (path) => (await run('pdfimages', ['-list', path])).stdout);
  return list.split('\n').slice(2).map((row) => row.trim().split(/\s+/)).filter((row) => row[2] === 'image').map((row) => `${row[3]}x${row[4]}`);
}

const words = async (html: string): Promise<string[]> => (await pdfWords(await renderPdf(html))).map((word) => word.text);

describe('text clipped away by overflow', () => {
  it('leaves out the lines below a fixed-height box that hides its overflow', async () => {
    const found = await words(`<div style="height: 40px; overflow: hidden; font: 16px/20px sans-serif">
      <p style="margin: 0">Shown first line</p><p style="margin: 0">Shown second line</p><p style="margin: 0">Hidden alpha</p><p style="margin: 0">Hidden bravo</p>
    </div><p>After the box</p>`);
    expect(found).toEqual(['Shown', 'first', 'line', 'Shown', 'second', 'line', 'After', 'the', 'box']);
  });

  it('leaves out the options past the rows of a list box', async () => {
    const found = await words(`<select size="2"><option>First option</option><option>Second option</option><option>Third option</option><option>Fourth option</option></select>`);
    expect(found).toEqual(['First', 'option', 'Second', 'option']);
  });

  it('keeps a line whose descenders reach into the clip, and text beside a clip that hides one axis only', async () => {
    // the second line starts 2px above the clip's bottom: its glyphs' tops are inside it
    const found = await words(`<div style="height: 38px; overflow: hidden; font: 16px/20px sans-serif">Top line<br>Edge line</div>
      <div style="overflow-x: hidden; overflow-y: visible; height: 10px; font: 16px/20px sans-serif">Spills below</div>`);
    expect(found).toEqual(['Top', 'line', 'Edge', 'line', 'Spills', 'below']);
  });

  it('keeps text under a transform that moves it into view, and text with a shadow that may reach in', async () => {
    const found = await words(`<div style="height: 20px; overflow: hidden; font: 16px/20px sans-serif">
      <div style="transform: translateY(-40px)"><br><br>Moved up</div></div>
      <div style="height: 20px; overflow: hidden; font: 16px/20px sans-serif"><br>Shadowed<span style="text-shadow: 0 -30px red">Shade</span></div>`);
    expect(found).toContain('Moved');
    expect(found).toContain('Shade');
    expect(found).not.toContain('Shadowed');
  });

  it('leaves out the glyphs of a cut-off line that lie wholly outside, keeping a glyph cut in two', async () => {
    const pdf = await renderPdf(`<div style="width: 100px; overflow: hidden; white-space: nowrap; font: 16px/20px sans-serif">Visible start of a very long line that runs far past hiddenword</div>`);
    const found = await pdfWords(pdf);
    expect(found.map((word) => word.text).join(' ')).toMatch(/^Visible start\b/);
    expect(found.map((word) => word.text)).not.toContain('hiddenword');
    // the last word kept reaches past the clip (its last glyph is cut by it), none starts beyond it
    // (the box's left edge is where its first word starts: the clip ends 100px = 75pt right of it)
    const clipRight = found[0]!.xMin + 75;
    expect(Math.max(...found.map((word) => word.xMax))).toBeGreaterThan(clipRight - 0.01);
    expect(Math.max(...found.map((word) => word.xMin))).toBeLessThan(clipRight);
  });

  it('draws the part of a line that reaches into the clip', async () => {
    const html = `<style>@page { size: 40px 30px; margin: 0 } body { margin: 0 }</style>
      <div style="height: 13px; overflow: hidden; font: 10px/10px sans-serif; color: #000">IIII<br>IIII<br>IIII</div>`;
    const [page] = await renderPixels(html, {}, { palette: { _: '#ffffff', K: '#000000' }, tolerance: 127 });
    const inked = page!.map((row) => row.includes('K'));
    // the first line, then the top of the second line's I down to the clip at 13px, then nothing
    expect(inked.slice(0, 10).some(Boolean)).toBe(true);
    expect(inked.slice(10, 13).some(Boolean)).toBe(true);
    expect(inked.slice(13).some(Boolean)).toBe(false);
  });

  it('leaves out the slides of a carousel past its first, and of an image below the clip all but its shadow that reaches in', async () => {
    const slide = 'style="width: 200px; height: 100px"';
    const pdf = await renderPdf(`<div style="width: 200px; height: 100px; overflow: hidden; white-space: nowrap">
      <img src="red-blue.jpg" ${slide}><img src="palette-alpha.png" ${slide}><img src="rgb16.png" ${slide}></div>
      <div style="height: 40px; overflow: hidden"><div style="height: 50px"></div><img src="rgb16.png" style="width: 20px; height: 20px; box-shadow: 0 -30px 0 red"></div>`, { baseDir: IMAGES });
    expect(await drawnImages(pdf)).toEqual(['32x8']);
    const content = await withPdfFile(pdf, async (path) => (await run('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 1 << 26 })).stdout);
    expect(content.split('\n').some((line) => line.trim() === '1 0 0 rg')).toBe(true);
  });

  it('leaves out the backgrounds and borders of hidden slides, keeping a shadow that reaches in and the visible slide', async () => {
    // Chromium 156's PDF of the same carousel fills the first slide only
    const slide = 'flex: 0 0 200px; height: 100px; border: 2px solid';
    const html = `<div style="width: 200px; height: 100px; overflow: hidden; display: flex">
      <div style="${slide} #00ff00; background: #ff0000">One</div><div style="${slide} #00ffff; background: #ff00ff"></div>
      <div style="${slide} #00ffff; background: #0000ff; box-shadow: 0 0 4px #000"></div></div>
      <div style="width: 200px; height: 40px; overflow: hidden"><div style="height: 60px"></div><div style="height: 10px; background: #ffff00; box-shadow: 0 -30px 0 #ffff00"></div></div>`;
    const pdf = await renderPdf(html);
    const content = await withPdfFile(pdf, async (path) => (await run('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 1 << 26 })).stdout);
    const fills = (rgb: string): number => content.split('\n').filter((line) => line.trim() === `${rgb} rg` || line.trim() === `${rgb} RG`).length;
    expect({ red: fills('1 0 0') > 0, green: fills('0 1 0') > 0, magenta: fills('1 0 1'), cyan: fills('0 1 1'), blue: fills('0 0 1'), yellow: fills('1 1 0') > 0 })
      .toEqual({ red: true, green: true, magenta: 0, cyan: 0, blue: 0, yellow: true });
  });

  it('makes no link of a link hidden by the clip, and cuts one that shows in part to what shows', async () => {
    const css = '@page { size: 200px 100px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } a { display: inline-block; width: 80px; height: 20px }';
    const hidden = await renderPdf(`<style>${css}</style><div style="height: 20px; overflow: hidden">Shown<br><a href="https://example.com/hidden">hidden</a></div><p>Text below</p>`);
    expect(await linkRects(hidden)).toEqual([]);
    const half = await renderPdf(`<style>${css}</style><div style="height: 30px; overflow: hidden">Shown<br><a href="https://example.com/half">half</a></div>`);
    // the link's box is 20..40px high, the clip ends at 30px: 0..80 × 20..30 px, in pt from the bottom (75pt high page)
    expect(await linkRects(half)).toEqual([[0, 52.5, 60, 60]]);
  });

  it('keeps the text of the visually-hidden pattern, for readers and search', async () => {
    const found = await words(`<style>.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border-width: 0 }
      .screen-reader-text { position: absolute; width: 1px; height: 1px; overflow: hidden; word-wrap: normal }</style>
      <p>Download <span class="sr-only">the annual report</span></p><p>Share <span class="screen-reader-text">on social media</span></p>`);
    expect(found).toEqual(['Download', 'the', 'annual', 'report', 'Share', 'on', 'social', 'media']);
  });
});
