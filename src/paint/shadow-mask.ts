/**
 * The blurred mask of a box shadow (CSS Backgrounds 3 §7.1.2): a rounded rectangle rasterized
 * with antialiasing and blurred with three box blurs (a close Gaussian approximation, as
 * browsers use) of standard deviation blur / 2. Masks are cached by geometry, so repeated cards
 * share one bitmap (and the PDF embeds it once).
 */
import { createHash } from 'node:crypto';
import type { Rect } from '../geometry/types.js';
import type { AlphaMask } from './display-list.js';
import type { Radii } from '../css/values/radii.js';
import { BoundedCache } from '../cache/bounded.js';
import { checkPaintBudget } from './work-budget.js';

export interface MaskRequest {
  /** The area the mask covers, CSS px. */
  readonly area: Rect;
  /** The (unblurred) shape inside it. */
  readonly shape: Rect;
  readonly radii: Radii;
  readonly blur: number;
  /** Alpha 1 outside the shape instead of inside (inset shadows). */
  readonly invert: boolean;
}

const MAX_PIXELS = 1_500_000;
/**
 * The longest side of a mask, pixels: a thin area (a 6px-wide shape with another 1e9px below it)
 * kept within MAX_PIXELS by its area alone was 26 million pixels tall, its narrow side rounded up
 * to one pixel, and its coverage took seconds.
 */
const MAX_SIDE = 8192;
/** Masks by geometry, blur and scale: repeated cards and buttons blur once per process. */
const cache = new BoundedCache<string, AlphaMask>('paint.shadow-masks', 64);

/**
 * Device pixels per CSS px: enough samples across the blur, bounded in size and in its longest side. Past a sigma of 48px
 * four samples per sigma are plenty, and a huge blur (`text-shadow: 0 0 1e5px`) then costs a
 * small mask instead of the largest one for every line it shadows.
 */
export function maskScale(area: Rect, blur: number): number {
  const sigma = blur / 2;
  let scale = Math.min(2, Math.max(Math.min(0.25, 12 / sigma), 3 / Math.max(sigma, 0.5)));
  const pixels = area.width * area.height * scale * scale;
  if (pixels > MAX_PIXELS) scale *= Math.sqrt(MAX_PIXELS / pixels);
  const longest = Math.max(area.width, area.height) * scale;
  if (longest > MAX_SIDE) scale *= MAX_SIDE / longest;
  return scale;
}

/** Signed coverage of a rounded rectangle at a point (1 inside, 0 outside, smooth over ~1 device px). */
function coverage(px: number, py: number, shape: Rect, radii: Radii, scale: number): number {
  const { x, y, width: w, height: h } = shape;
  const [tlh, tlv, trh, trv, brh, brv, blh, blv] = radii;
  let dx = Math.max(x - px, px - (x + w));
  let dy = Math.max(y - py, py - (y + h));
  let outside = Math.max(dx, dy);
  const corner = (cx: number, cy: number, rh: number, rv: number): number | undefined => {
    if (rh <= 0 || rv <= 0) return undefined;
    const nx = (px - cx) / rh;
    const ny = (py - cy) / rv;
    // approximate distance to the ellipse, scaled by its mean radius
    return (Math.hypot(nx, ny) - 1) * Math.min(rh, rv);
  };
  let d: number | undefined;
  if (px < x + tlh && py < y + tlv) d = corner(x + tlh, y + tlv, tlh, tlv);
  else if (px > x + w - trh && py < y + trv) d = corner(x + w - trh, y + trv, trh, trv);
  else if (px > x + w - brh && py > y + h - brv) d = corner(x + w - brh, y + h - brv, brh, brv);
  else if (px < x + blh && py > y + h - blv) d = corner(x + blh, y + h - blv, blh, blv);
  if (d !== undefined) outside = d;
  dx = outside * scale;
  dy = 0.5 - dx;
  return dy <= 0 ? 0 : dy >= 1 ? 1 : dy;
}

/**
 * Radii of three box blurs whose variances add up to `sigma`² (a box of odd width w has variance
 * (w² − 1) / 12): the two widths around the ideal one, as many of each as brings the sum nearest.
 * The W3C recipe's three boxes of width d + 1 for an even d (d = 1.88σ rounded) made shadows 15–35 %
 * wider than Chromium's at the masks' few device pixels per σ: a card's 20px shadow still darkened
 * the page 20px out (241 where Chromium prints 251).
 */
function boxRadii(sigma: number): number[] {
  const variance = sigma * sigma;
  let low = Math.floor(Math.sqrt(4 * variance + 1));
  if (low % 2 === 0) low--;
  low = Math.max(1, low);
  const high = low + 2;
  const boxVariance = (w: number): number => (w * w - 1) / 12;
  let best = [0, 0, 0];
  let error = Infinity;
  for (let wide = 0; wide <= 3; wide++) {
    const sum = wide * boxVariance(high) + (3 - wide) * boxVariance(low);
    if (Math.abs(sum - variance) < error) {
      error = Math.abs(sum - variance);
      best = [...Array(3 - wide).fill((low - 1) / 2), ...Array(wide).fill((high - 1) / 2)] as number[];
    }
  }
  return best;
}

/** One box blur of radius `r` along each row, the edges extended (running sums). */
function blurRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const inverse = 1 / (2 * r + 1);
  for (let row = 0; row < h; row++) {
    const base = row * w;
    const first = src[base]!;
    const last = src[base + w - 1]!;
    let sum = (r + 1) * first;
    for (let i = 1; i <= r; i++) sum += i < w ? src[base + i]! : last;
    for (let col = 0; col < w; col++) {
      dst[base + col] = sum * inverse;
      const enter = col + r + 1;
      const leave = col - r;
      sum += (enter < w ? src[base + enter]! : last) - (leave > 0 ? src[base + leave]! : first);
    }
  }
}

/**
 * One box blur of radius `r` down each column, the edges extended: a row of running sums moves
 * down the rows, so memory is read in order (a transposed copy each way cost a fifth more).
 */
function blurColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const sums = new Float64Array(w);
  const inverse = 1 / (2 * r + 1);
  const lastRow = (h - 1) * w;
  for (let col = 0; col < w; col++) {
    let sum = (r + 1) * src[col]!;
    for (let i = 1; i <= r; i++) sum += src[Math.min(h - 1, i) * w + col]!;
    sums[col] = sum;
  }
  for (let row = 0; row < h; row++) {
    const out = row * w;
    const enter = row + r + 1 < h ? (row + r + 1) * w : lastRow;
    const leave = row - r > 0 ? (row - r) * w : 0;
    for (let col = 0; col < w; col++) {
      const sum = sums[col]!;
      dst[out + col] = sum * inverse;
      sums[col] = sum + src[enter + col]! - src[leave + col]!;
    }
  }
}

/** Three box blurs along the rows, then three down the columns. */
function blur(data: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma <= 0) return data;
  const radii = boxRadii(sigma);
  let a: Float32Array = data;
  let b: Float32Array = new Float32Array(w * h);
  for (const r of radii) { blurRows(a, b, w, h, r); [a, b] = [b, a]; }
  for (const r of radii) { blurColumns(a, b, w, h, r); [a, b] = [b, a]; }
  return a;
}

export function shadowMask(request: MaskRequest): AlphaMask {
  const scale = maskScale(request.area, request.blur);
  const { area, shape, radii } = request;
  const key = [area.width, area.height, shape.x - area.x, shape.y - area.y, shape.width, shape.height, ...radii, request.blur, request.invert, scale]
    .map((v) => (typeof v === 'number' ? v.toFixed(3) : String(v))).join(',');
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const width = Math.max(1, Math.ceil(area.width * scale));
  const height = Math.max(1, Math.ceil(area.height * scale));
  const values = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    const py = area.y + (row + 0.5) / scale;
    for (let col = 0; col < width; col++) {
      const c = coverage(area.x + (col + 0.5) / scale, py, shape, radii, scale);
      values[row * width + col] = request.invert ? 1 - c : c;
    }
  }
  const mask = blurredMask({ values, width, height }, (request.blur / 2) * scale, key);
  cache.set(key, mask);
  return mask;
}

/** Coverage values (0-1, row by row) blurred with a Gaussian of `sigma` device pixels into an 8-bit mask named by `key`. */
export function blurredMask(coverage: { readonly values: Float32Array; readonly width: number; readonly height: number }, sigma: number, key: string): AlphaMask {
  const { width, height } = coverage;
  checkPaintBudget();
  const blurred = blur(coverage.values, width, height, sigma);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const value = blurred[i]!;
    // Math.round of the clamped value, without the calls
    data[i] = value <= 0 ? 0 : value >= 1 ? 255 : (value * 255 + 0.5) | 0;
  }
  return { id: createHash('sha1').update(key).update(data).digest('hex').slice(0, 16), width, height, data };
}
