/**
 * Images octavo decodes (GIF, WebP, BMP, AVIF, interlaced PNG) take turns by their pixels: a page
 * of twelve 548-byte GIFs that each declare 34 million pixels was decoded all at once in 2.1 GB.
 * Each decode checks the render's time when its turn comes.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { OctavoError } from '../../src/errors.js';
import { decodePixels } from '../../src/resources/decode.js';
import { inDecodeTurn } from '../../src/resources/decode-turns.js';
import { cpuTime } from '../helpers/cpu-time.js';

/** A GIF declaring `width` × `height` px whose image data (a fixed pattern, `seed` apart) stops after 250 bytes. */
function gif(width: number, height: number, seed: number): Uint8Array {
  const size = (n: number): number[] => [n & 0xff, n >> 8];
  const data = Array.from({ length: 250 }, (_, i) => (i * 151 + seed * 31 + 7) & 0xff);
  return new Uint8Array([
    ...Buffer.from('GIF89a'), ...size(width), ...size(height), 0xf1, 0, 0, 255, 0, 0, 0, 128, 0, 0, 0, 255, 255, 255, 255,
    0x2c, 0, 0, 0, 0, ...size(width), ...size(height), 0, 2, 250, ...data, 0, 0x3b,
  ]);
}

/** Decodes `images` at once; when each decode started and ended (ms). */
async function turns(images: readonly Uint8Array[]): Promise<{ start: number; end: number }[]> {
  return Promise.all(images.map(async (bytes) => {
    let start = Number.NaN;
    const result = await decodePixels(bytes, 'gif', 40_000_000, undefined, () => { start = performance.now(); });
    expect(result.kind).toBe('decoded');
    return { start, end: performance.now() };
  }));
}

describe('decoding by turns', () => {
  it('decodes two images of 25 million pixels one after the other', async () => {
    const [first, second] = await turns([gif(5000, 5000, 1), gif(5000, 5000, 2)]);
    // the second starts as the first ends (a few microtasks, or a GC, apart), not beside it
    expect(second!.start - first!.start).toBeGreaterThan((first!.end - first!.start) / 2);
  });

  it('decodes small images together', async () => {
    const decodes = await turns([gif(1000, 1000, 3), gif(1000, 1000, 4), gif(1000, 1000, 5)]);
    const firstEnd = Math.min(...decodes.map((d) => d.end));
    expect(decodes.every((d) => d.start < firstEnd)).toBe(true);
  });

  it('gives up when the render has no time left', async () => {
    const spent = new OctavoError('limit_exceeded', 'spent');
    await expect(decodePixels(gif(100, 100, 6), 'gif', 40_000_000, undefined, () => { throw spent; })).rejects.toBe(spent);
  });

  it('stops waiting for its turn when the render\'s time is spent, and the turn still comes back to the others', async () => {
    let unstick: () => void = () => undefined;
    const stuck = inDecodeTurn(48_000_000, undefined, () => new Promise<void>((resolve) => { unstick = resolve; }));
    const deadline = Date.now() + 150;
    const spent = new OctavoError('limit_exceeded', 'spent');
    const started = Date.now();
    await expect(inDecodeTurn(30_000_000, () => { if (Date.now() > deadline) throw spent; }, () => Promise.resolve('decoded'))).rejects.toBe(spent);
    expect(Date.now() - started).toBeLessThan(2_000);
    unstick();
    await stuck;
    expect(await inDecodeTurn(30_000_000, () => undefined, () => Promise.resolve('next'))).toBe('next');
  });

  it('ends a page of image bombs at the render\'s time limit, not after decoding them all', async () => {
    // 30 GIFs of 548 bytes declaring 25 million pixels each: some 10 s of decoding
    const page = Array.from({ length: 30 }, (_, i) => `<img src="data:image/gif;base64,${Buffer.from(gif(5000, 5000, 10 + i)).toString('base64')}" style="width: 20px">`).join('');
    const engine = createEngine({ limits: { maxRenderMs: 500 } });
    const { result: error, ms } = await cpuTime(() => engine.render({ template: page }).then(() => undefined, (e: unknown) => e));
    expect(error).toBeInstanceOf(OctavoError);
    expect((error as OctavoError).code).toBe('limit_exceeded');
    expect((error as OctavoError).message).toMatch(/maxRenderMs/);
    expect(ms).toBeLessThan(5_000);
  });
});
