/**
 * `device-cmyk()` (CSS Color 5 §14): printed as DeviceCMYK, the channels as written, so that a
 * print shop gets the ink the template asked for; everywhere else (and in PDF/A, whose sRGB
 * output intent allows no DeviceCMYK) its naive sRGB conversion, as browsers show it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../helpers/render.js';
import type { StrictRenderOptions } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const TEMPLATE = `<style>@page { size: 60px 40px; margin: 0 } body { margin: 0 }
  .band { height: 10px; background: device-cmyk(100% 0 0 0); border-bottom: 2px solid device-cmyk(0 0.5 1 0 / 50%) }
  p { margin: 0; font: 10px sans-serif; color: device-cmyk(0, 0, 0, 1) }
  .mix { height: 4px; background: color-mix(in srgb, device-cmyk(0 0 0 1), white) }</style>
  <div class="band"></div><p>Ink</p><div class="mix"></div>`;

/** The PDF uncompressed (qpdf's QDF form), content streams included. */
async function content(options: StrictRenderOptions = {}): Promise<string> {
  const pdf = await renderPdf(TEMPLATE, options);
  return withPdfFile(pdf, async (path) => (await promisify(execFile)('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1', maxBuffer: 64 << 20 })).stdout);
}

describe('device-cmyk()', () => {
  it('fills, strokes and text colours are written as DeviceCMYK', async () => {
    const ops = (await content()).split('\n').map((line) => line.trim());
    expect(ops).toContain('1 0 0 0 k');
    expect(ops).toContain('0 0.5 1 0 k');
    expect(ops).toContain('0 0 0 1 k');
  });

  it('mixes through its sRGB colour (color-mix() has no CMYK space)', async () => {
    const ops = (await content()).split('\n').map((line) => line.trim());
    // black mixed half with white in sRGB
    expect(ops.some((line) => /^0\.50?2? 0\.50?2? 0\.50?2? rg$/.test(line))).toBe(true);
  });

  it('is written as its sRGB conversion in PDF/A', async () => {
    const ops = (await content({ pdfa: '2b' })).split('\n').map((line) => line.trim());
    expect(ops.filter((line) => / k$/.test(line))).toEqual([]);
    // cyan: (1 - 1, 1 - 0, 1 - 0)
    expect(ops).toContain('0 1 1 rg');
  });
});
