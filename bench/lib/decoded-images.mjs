// Images octavo decodes itself (GIF, WebP, BMP, AVIF, interlaced PNG), one child process per case
// (run by bench/run.mjs `--only images`), so that the peak RSS is the case's own:
//   gif-bomb   a 548-byte GIF that declares 2,065 × 16,400 px (34 MP, under the pixel limit) with
//              a few bytes of data (what FUZZ_SEED=8407 found), rendered once by a fresh engine;
//   photo      a 4,000 × 3,000 lossy WebP (12 MP), rendered once by a fresh engine;
//   bomb-page  twelve such GIFs (their data a little apart) on one page, rendered once;
//   logo       an invoice-sized page with a 400 × 160 WebP logo, 5 warm-up renders then 40 timed.
// Prints one JSON object: wall and CPU ms (medians for the logo), peak RSS, the PDF's size.
//   node bench/lib/decoded-images.mjs CASE
import { createCanvas } from '@napi-rs/canvas';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../dist/index.js';
import { peakRssMiB, stats } from './stats.mjs';

const dataUrl = (bytes, type) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A GIF header and palette declaring `width` × `height` px, then 500 bytes of image data (a fixed pattern, `seed` apart). */
function gifBomb(width, height, seed = 0) {
  const size = (n) => [n & 0xff, n >> 8];
  const data = Array.from({ length: 500 }, (_, i) => (i * 151 + 7 + seed * 31) & 0xff);
  return new Uint8Array([
    ...Buffer.from('GIF89a'), ...size(width), ...size(height), 0xf1, 0, 0,
    255, 0, 0, 0, 128, 0, 0, 0, 255, 255, 255, 255,
    0x21, 0xf9, 4, 1, 0, 0, 3, 0,
    0x2c, 0, 0, 0, 0, ...size(width), ...size(height), 0,
    2, 250, ...data.slice(0, 250), 250, ...data.slice(250), 0, 0x3b,
  ]);
}

/** A photo-like picture: a gradient, 3,000 translucent discs and per-pixel noise from a fixed generator. */
function photo(width, height) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#123');
  gradient.addColorStop(0.5, '#c84');
  gradient.addColorStop(1, '#4ac');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 3000; i++) {
    ctx.fillStyle = `hsla(${(i * 37) % 360}, 60%, 50%, 0.3)`;
    ctx.beginPath();
    ctx.arc((i * 7919) % width, (i * 104729) % height, 20 + (i % 50), 0, 7);
    ctx.fill();
  }
  const image = ctx.getImageData(0, 0, width, height);
  let seed = 1;
  for (let i = 0; i < image.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const noise = seed >>> 28;
    image.data[i] += noise;
    image.data[i + 1] += noise;
  }
  ctx.putImageData(image, 0, 0);
  return canvas.encodeSync('webp', 85);
}

function logo() {
  const canvas = createCanvas(400, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'rgba(0, 80, 160, 0.9)';
  ctx.font = 'bold 60px sans-serif';
  ctx.fillText('ACME', 20, 100);
  return canvas.encodeSync('webp', 100);
}

async function timed(render) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pdf = await render();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: pdf.length };
}

const kind = process.argv[2];
const engine = createEngine();
let result;
if (kind === 'gif-bomb' || kind === 'photo') {
  const [bytes, type] = kind === 'gif-bomb' ? [gifBomb(2065, 16400), 'image/gif'] : [photo(4000, 3000), 'image/webp'];
  const rssBefore = peakRssMiB();
  const run = await timed(() => engine.render({ template: `<h1>Image</h1><img src="${dataUrl(bytes, type)}" style="width: 100%">` }));
  result = { kind, fileBytes: bytes.length, ...run, peakRssMiB: peakRssMiB(), rssBeforeMiB: rssBefore };
} else if (kind === 'bomb-page') {
  const images = Array.from({ length: 12 }, (_, i) => `<img src="${dataUrl(gifBomb(2065, 16400, i + 1), 'image/gif')}" style="width: 50px">`);
  const run = await timed(() => engine.render({ template: images.join('') }));
  result = { kind, ...run, peakRssMiB: peakRssMiB() };
} else if (kind === 'logo') {
  const template = `<header><img src="${dataUrl(logo(), 'image/webp')}" style="width: 200px"></header><h1>Invoice 42</h1><p>Thank you for your order.</p>`;
  for (let i = 0; i < 5; i++) await engine.render({ template });
  const runs = [];
  for (let i = 0; i < 40; i++) runs.push(await timed(() => engine.render({ template })));
  result = { kind, ms: stats(runs.map((r) => r.ms)).median, cpuMs: stats(runs.map((r) => r.cpuMs)).median, bytes: runs[0].bytes, peakRssMiB: peakRssMiB() };
} else {
  throw new Error(`unknown case ${kind}: gif-bomb, bomb-page, photo, logo`);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
