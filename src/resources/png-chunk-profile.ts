/**
 * The colour profile a PNG's gAMA and cHRM chunks describe (PNG 3rd ed. §11.3.2.2, §11.3.2.1),
 * for a PNG with a gAMA chunk and neither an iCCP nor an sRGB one (nor, without cHRM, a gamma near
 * sRGB's: embedded-profile.ts), made as Chromium makes it
 * (Skia's PNG codec): the gAMA exponent as a pure power curve; the cHRM primaries and white point
 * adapted to D50 by the Bradford transform, else sRGB's primaries. Measured in Chromium 156's
 * print: (180,90,60) marked gamma 1/1.8 prints (193,109,77); with Display P3's chromaticities and
 * gamma 1/2.2, (195,83,47). It is written as a small ICC v4 display profile (matrix and curves, or
 * a grey curve alone for a grey PNG) and checked as an embedded one.
 */
import { appendAll } from '../append-all.js';
import { SRGB_COLORANTS } from './icc-profile.js';

/** cHRM: the white point's and the red, green, blue primaries' x, y chromaticities. */
export type Chromaticities = readonly [wx: number, wy: number, rx: number, ry: number, gx: number, gy: number, bx: number, by: number];

type Vector = readonly [number, number, number];
type Matrix = readonly [Vector, Vector, Vector];

/** The ICC connection space's white (ICC.1:2010 §7.2.16). */
const D50: Vector = [0.9642, 1, 0.8249];
const BRADFORD: Matrix = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]];
const SRGB_MATRIX: Matrix = transpose([SRGB_COLORANTS.rXYZ, SRGB_COLORANTS.gXYZ, SRGB_COLORANTS.bXYZ]);

function transpose(m: Matrix): Matrix {
  return [[m[0][0], m[1][0], m[2][0]], [m[0][1], m[1][1], m[2][1]], [m[0][2], m[1][2], m[2][2]]];
}

function multiply(a: Matrix, b: Matrix): Matrix {
  const row = (i: 0 | 1 | 2): Vector => [0, 1, 2].map((j) => a[i][0] * b[0][j]! + a[i][1] * b[1][j]! + a[i][2] * b[2][j]!) as unknown as Vector;
  return [row(0), row(1), row(2)];
}

const apply = (m: Matrix, v: Vector): Vector => [0, 1, 2].map((i) => m[i]![0] * v[0] + m[i]![1] * v[1] + m[i]![2] * v[2]) as unknown as Vector;
const diagonal = (v: Vector): Matrix => [[v[0], 0, 0], [0, v[1], 0], [0, 0, v[2]]];

function invert(m: Matrix): Matrix | undefined {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-9) return undefined;
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/** XYZ of a chromaticity at luminance 1. */
const xyz = (x: number, y: number): Vector => [x / y, 1, (1 - x - y) / y];

/** The RGB to D50 XYZ matrix of these chromaticities (skcms_PrimariesToXYZD50); undefined for ones that make none. */
export function primariesToXyzD50(c: Chromaticities): Matrix | undefined {
  if (c.some((v) => !(v >= 0 && v <= 1)) || [c[1], c[3], c[5], c[7]].some((y) => y <= 0)) return undefined;
  const primaries = transpose([xyz(c[2], c[3]), xyz(c[4], c[5]), xyz(c[6], c[7])]);
  const inverse = invert(primaries);
  const white = xyz(c[0], c[1]);
  if (inverse === undefined) return undefined;
  const scale = apply(inverse, white);
  const toXyz = multiply(primaries, diagonal(scale));
  const bradfordInverse = invert(BRADFORD)!;
  const source = apply(BRADFORD, white);
  const target = apply(BRADFORD, D50);
  const adapt = multiply(multiply(bradfordInverse, diagonal([target[0] / source[0], target[1] / source[1], target[2] / source[2]])), BRADFORD);
  return multiply(adapt, toXyz);
}

/** The gAMA chunk's value (the file gamma × 100,000), as libpng takes it: outside 16 to 625,000,000 it is ignored. */
export function gammaExponent(value: number): number | undefined {
  return value >= 16 && value <= 625_000_000 ? 100_000 / value : undefined;
}

const s15Fixed16 = (v: number): number[] => {
  const n = Math.round(v * 65536) | 0;
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
};
const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const text = (s: string): number[] => [...s].map((ch) => ch.charCodeAt(0));
const xyzTag = (v: Vector): number[] => [...text('XYZ '), 0, 0, 0, 0, ...v.flatMap(s15Fixed16)];
/** A 'para' curve of type 0: Y = X^exponent. */
const curveTag = (exponent: number): number[] => [...text('para'), 0, 0, 0, 0, 0, 0, 0, 0, ...s15Fixed16(exponent)];
function descTag(description: string): number[] {
  const utf16 = [...description].flatMap((ch) => [0, ch.charCodeAt(0)]);
  return [...text('mluc'), 0, 0, 0, 0, ...u32(1), ...u32(12), ...text('enUS'), ...u32(utf16.length), ...u32(28), ...utf16];
}

/** The profile of a PNG's gAMA `exponent` (the decoding one) and cHRM `chromaticities` (undefined: sRGB's), grey or RGB. */
export function chunkProfile(exponent: number, chromaticities: Chromaticities | undefined, components: 1 | 3): Uint8Array {
  const matrix = (chromaticities === undefined ? undefined : primariesToXyzD50(chromaticities)) ?? SRGB_MATRIX;
  const curve = curveTag(exponent);
  const tags: [string, number[]][] = [['desc', descTag('PNG gAMA/cHRM')], ['wtpt', xyzTag(D50)]];
  if (components === 1) tags.push(['kTRC', curve]);
  else tags.push(['rXYZ', xyzTag([matrix[0][0], matrix[1][0], matrix[2][0]])], ['gXYZ', xyzTag([matrix[0][1], matrix[1][1], matrix[2][1]])], ['bXYZ', xyzTag([matrix[0][2], matrix[1][2], matrix[2][2]])], ['rTRC', curve], ['gTRC', curve], ['bTRC', curve]);
  const table: number[] = [];
  const data: number[] = [];
  const start = 128 + 4 + 12 * tags.length;
  const placed = new Map<number[], number>();
  for (const [signature, body] of tags) {
    while (body.length % 4 !== 0) body.push(0);
    let at = placed.get(body);
    if (at === undefined) {
      at = start + data.length;
      placed.set(body, at);
      appendAll(data, body);
    }
    appendAll(table, [...text(signature), ...u32(at), ...u32(body.length)]);
  }
  const size = start + data.length;
  const header = [
    ...u32(size), 0, 0, 0, 0, 4, 0x40, 0, 0, ...text('mntr'), ...text(components === 1 ? 'GRAY' : 'RGB '), ...text('XYZ '),
    ...new Array<number>(12).fill(0), ...text('acsp'), ...new Array<number>(28).fill(0), ...D50.flatMap(s15Fixed16), ...new Array<number>(48).fill(0),
  ];
  return new Uint8Array([...header, ...u32(tags.length), ...table, ...data]);
}
