/**
 * What a long-lived engine keeps between renders (the compiled template, the parsed stylesheets,
 * a PNG's parse and the pixels of one with transparency, filtered images' copies, shared by every
 * document of the process) must never show in a document: a changed template, stylesheet or image
 * file gives the changed output, and the same stylesheet text in two folders resolves its URLs in
 * each folder.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cacheStats } from '../../src/cache/bounded.js';
import { createEngine } from '../../src/api.js';
import { encodePng } from '../helpers/png.js';
import type { Rgba } from '../helpers/png.js';
import { rasterize } from '../helpers/pixels.js';
import { renderPage } from '../helpers/render.js';

const folders: string[] = [];
function folder(files: Readonly<Record<string, string | Uint8Array>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-warm-'));
  folders.push(dir);
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const PAGE = '@page { size: 4px 2px; margin: 0 } body { margin: 0 }';
/** A 4×2 PNG of one colour, half transparent over the page's white or fully opaque. */
const solid = (rgba: Rgba): Uint8Array => encodePng([[rgba, rgba, rgba, rgba], [rgba, rgba, rgba, rgba]]);
const PALETTE = { _: '#ffffff', R: '#ff0000', B: '#0000ff', r: '#ff8080', b: '#8080ff' };

describe('an engine reused for many documents', () => {
  it('embeds a PNG with an alpha channel again from its pixels when the same file comes back, and anew when the file changes', async () => {
    const engine = createEngine();
    const dir = folder({ 'logo.png': solid([255, 0, 0, 127]) });
    const template = `<style>${PAGE} img { display: block }</style><img src="logo.png" width="4" height="2">`;
    const request = { template, baseDir: dir, deterministic: true };
    const first = await engine.renderDetailed(request);
    const second = await engine.renderDetailed(request);
    expect(first.diagnostics).toEqual([]);
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect((await rasterize(first.pdf, PALETTE, 2))[0]).toEqual(['rrrr', 'rrrr']);

    writeFileSync(join(dir, 'logo.png'), solid([0, 0, 255, 127]));
    const changed = await engine.renderDetailed(request);
    expect((await rasterize(changed.pdf, PALETTE, 2))[0]).toEqual(['bbbb', 'bbbb']);
    writeFileSync(join(dir, 'logo.png'), solid([0, 0, 255, 255]));
    expect((await rasterize((await engine.renderDetailed(request)).pdf, PALETTE, 2))[0]).toEqual(['BBBB', 'BBBB']);
  });

  it("opens a PNG from the process's first parse of the same bytes, a changed file from its own, and keeps at most 16", async () => {
    const engine = createEngine();
    const pngs = (): { size: number; bound: number; hits: number; misses: number } => cacheStats().find((stats) => stats.name === 'pdf.pngs') ?? { size: 0, bound: 0, hits: 0, misses: 0 };
    // colours no other test here draws opaque: the cache is the process's
    const red = solid([255, 128, 128, 255]);
    const blue = solid([128, 128, 255, 255]);
    const dir = folder({ 'logo.png': red });
    const request = { template: `<style>${PAGE} img { display: block }</style><img src="logo.png" width="4" height="2">`, baseDir: dir, deterministic: true };
    const first = await engine.renderDetailed(request);
    const before = pngs();
    const second = await engine.renderDetailed(request);
    expect(pngs().hits).toBe(before.hits + 1);
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect((await rasterize(second.pdf, PALETTE, 2))[0]).toEqual(['rrrr', 'rrrr']);

    writeFileSync(join(dir, 'logo.png'), blue);
    const misses = pngs().misses;
    expect((await rasterize((await engine.renderDetailed(request)).pdf, PALETTE, 2))[0]).toEqual(['bbbb', 'bbbb']);
    expect(pngs().misses).toBe(misses + 1);

    // 20 more files: the cache stays within its bound, and the first one, evicted, is parsed again and drawn right
    for (let i = 1; i <= 20; i++) {
      const shade = solid([i, 0, 0, 255]);
      const other = folder({ 'logo.png': shade });
      await engine.renderDetailed({ ...request, baseDir: other });
    }
    expect(pngs().size).toBeLessThanOrEqual(16);
    expect(pngs().bound).toBe(16);
    writeFileSync(join(dir, 'logo.png'), red);
    const missesBefore = pngs().misses;
    expect((await rasterize((await engine.renderDetailed(request)).pdf, PALETTE, 2))[0]).toEqual(['rrrr', 'rrrr']);
    expect(pngs().misses).toBe(missesBefore + 1);
  });

  it("draws a filtered image from the process's copy of the same file and filter, and a changed file from a new one", async () => {
    const engine = createEngine();
    const copies = (): { size: number; bound: number; hits: number; misses: number } => cacheStats().find((stats) => stats.name === 'pdf.image-copies') ?? { size: 0, bound: 0, hits: 0, misses: 0 };
    const palette = { ...PALETTE, C: '#00ffff', Y: '#ffff00' };
    const dir = folder({ 'logo.png': solid([255, 0, 0, 255]) });
    const request = { template: `<style>${PAGE} img { display: block; filter: invert(1) }</style><img src="logo.png" width="4" height="2">`, baseDir: dir, deterministic: true };
    const first = await engine.renderDetailed(request);
    expect(first.diagnostics).toEqual([]);
    const before = copies();
    const second = await engine.renderDetailed(request);
    expect(copies().hits).toBe(before.hits + 1);
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect((await rasterize(second.pdf, palette, 2))[0]).toEqual(['CCCC', 'CCCC']);

    writeFileSync(join(dir, 'logo.png'), solid([0, 0, 255, 255]));
    const misses = copies().misses;
    expect((await rasterize((await engine.renderDetailed(request)).pdf, palette, 2))[0]).toEqual(['YYYY', 'YYYY']);
    expect(copies().misses).toBe(misses + 1);
    // another filter of the same file is another copy
    const uninverted = await engine.renderDetailed({ ...request, template: request.template.replace('invert(1)', 'invert(0)') });
    expect(copies().misses).toBe(misses + 2);
    expect((await rasterize(uninverted.pdf, palette, 2))[0]).toEqual(['BBBB', 'BBBB']);
    expect(copies().size).toBeLessThanOrEqual(16);
  });

  it('renders the same from cached file contents, and a file changed with the same size anew', async () => {
    const engine = createEngine();
    const red = solid([255, 0, 0, 127]);
    const blue = solid([0, 0, 255, 255]);
    expect(blue.byteLength).toBe(red.byteLength);
    const dir = folder({ 'logo.png': red });
    // files changed just now are not cached: move the clock (Date only) past the settling time
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      const request = { template: `<style>${PAGE} img { display: block }</style><img src="logo.png" width="4" height="2">`, baseDir: dir, deterministic: true };
      const first = await engine.renderDetailed(request);
      const hits = (): number => cacheStats().find((stats) => stats.name === 'resources.file-contents')?.hits ?? 0;
      const hitsBefore = hits();
      const second = await engine.renderDetailed(request);
      expect(hits()).toBeGreaterThan(hitsBefore); // the logo came from the cache
      expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
      expect((await rasterize(second.pdf, PALETTE, 2))[0]).toEqual(['rrrr', 'rrrr']);

      writeFileSync(join(dir, 'logo.png'), blue);
      utimesSync(join(dir, 'logo.png'), new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
      expect((await rasterize((await engine.renderDetailed(request)).pdf, PALETTE, 2))[0]).toEqual(['BBBB', 'BBBB']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills a changed template with the change, and the earlier one as before', async () => {
    const engine = createEngine();
    const red = `<style>${PAGE} div { height: 2px; background: {{color}} }</style><div></div>`;
    const blue = red.replace('<div></div>', '<div style="background: blue"></div>');
    expect(await renderPage(red, { engine, data: { color: 'red' } }, { palette: PALETTE })).toEqual(['RRRR', 'RRRR']);
    expect(await renderPage(blue, { engine, data: { color: 'red' } }, { palette: PALETTE })).toEqual(['BBBB', 'BBBB']);
    expect(await renderPage(red, { engine, data: { color: 'blue' } }, { palette: PALETTE })).toEqual(['BBBB', 'BBBB']);
  });

  it('reads a changed linked stylesheet, and resolves the same stylesheet text in each folder', async () => {
    const engine = createEngine();
    const css = `${PAGE} div { height: 2px; background: url(fill.png) }`;
    const template = '<link rel="stylesheet" href="style.css"><div></div>';
    const redFolder = folder({ 'style.css': css, 'fill.png': solid([255, 0, 0, 255]) });
    const blueFolder = folder({ 'style.css': css, 'fill.png': solid([0, 0, 255, 255]) });
    expect(await renderPage(template, { engine, baseDir: redFolder }, { palette: PALETTE })).toEqual(['RRRR', 'RRRR']);
    expect(await renderPage(template, { engine, baseDir: blueFolder }, { palette: PALETTE })).toEqual(['BBBB', 'BBBB']);

    writeFileSync(join(redFolder, 'style.css'), `${PAGE} div { height: 2px; background: blue }`);
    expect(await renderPage(template, { engine, baseDir: redFolder }, { palette: PALETTE })).toEqual(['BBBB', 'BBBB']);
  });
});
