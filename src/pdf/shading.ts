/**
 * Shadings and masks (ISO 32000-1 §8.7.4.5 axial/radial shadings, §7.10 functions, §11.6.5 soft
 * masks): a gradient is an axial or radial shading whose colour is a stitching function of
 * linear segments, painted with `sh` inside a clip. Translucent stops add a luminosity soft mask
 * drawing the same shading in grey. Shadow masks are 1×1 colour images with a soft-mask image.
 */
import type { Rect } from '../geometry/types.js';
import type { AlphaMask, Matrix, PathSegment, Shading, ShadingStop } from '../paint/display-list.js';
import type { Color } from '../css/types.js';
import { matrixOperands, num, pathOperators, pdfNumber } from './content.js';
import type { PageContext } from './context.js';
import type { PdfRef } from './pdfkit-document.js';
import { alphaOperator, softMaskState } from './graphics.js';

const channel = (value: number): number => Math.round((value / 255) * 10000) / 10000;
const round = (value: number): number => pdfNumber(value, 4);

/** A stitching function over the stops (zero-length segments dropped: the colour jumps there). */
function stopFunction(stops: readonly ShadingStop[], component: (c: Color) => number[]): Record<string, unknown> {
  const segments: { from: number; to: number; c0: number[]; c1: number[] }[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    if (b.offset - a.offset > 1e-7) segments.push({ from: a.offset, to: b.offset, c0: component(a.color), c1: component(b.color) });
  }
  if (segments.length === 0) {
    const c = component(stops[stops.length - 1]!.color);
    return { FunctionType: 2, Domain: [0, 1], C0: c, C1: c, N: 1 };
  }
  const functions = segments.map((s) => ({ FunctionType: 2, Domain: [0, 1], C0: s.c0, C1: s.c1, N: 1 }));
  if (functions.length === 1) return { ...functions[0]!, Domain: [round(segments[0]!.from), round(segments[0]!.to)] };
  return {
    FunctionType: 3,
    Domain: [round(segments[0]!.from), round(segments[segments.length - 1]!.to)],
    Functions: functions,
    Bounds: segments.slice(1).map((s) => round(s.from)),
    Encode: segments.flatMap(() => [0, 1]),
  };
}

const rgbOf = (c: Color): number[] => [channel(c.r), channel(c.g), channel(c.b)];
const alphaOf = (c: Color): number[] => [round(c.a)];

function shadingDict(shading: Shading, gray: boolean): Record<string, unknown> {
  const fn = stopFunction(shading.stops, gray ? alphaOf : rgbOf);
  const common = { ColorSpace: gray ? 'DeviceGray' : 'DeviceRGB', Function: fn, Extend: [true, true] };
  if (shading.kind === 'axial') return { ShadingType: 2, Coords: [shading.x0, shading.y0, shading.x1, shading.y1].map(round), ...common };
  return { ShadingType: 3, Coords: [shading.fx ?? shading.cx, shading.fy ?? shading.cy, shading.r0, shading.cx, shading.cy, shading.r1].map(round), ...common };
}

/**
 * The shading of `dict`, made once per document and named once per page: tiles of one gradient
 * (`background-size: 1px` over a page) are one shading drawn at each tile's place.
 */
function register(ctx: PageContext, dict: Record<string, unknown>): string {
  const key = JSON.stringify(dict);
  let ref = ctx.resources.shadings.get(key);
  if (ref === undefined) {
    ref = ctx.resources.doc.ref(dict);
    ref.end();
    ctx.resources.shadings.set(key, ref);
  }
  const names = ctx.names.shadings;
  let name = names.get(ref);
  if (name === undefined) {
    name = `Sh${names.size + 1}`;
    names.set(ref, name);
    const shadings = (ctx.page.resources.data['Shading'] ??= {}) as Record<string, PdfRef>;
    shadings[name] = ref;
  }
  return name;
}

/** The matrix that turns a circle around (cx, cy) into the shading's ellipse. */
function ellipseMatrix(shading: Shading): string {
  if (shading.kind !== 'radial' || Math.abs(shading.scaleY - 1) < 1e-9) return '';
  return `1 0 0 ${num(shading.scaleY)} 0 ${num(shading.cy * (1 - shading.scaleY))} cm\n`;
}

/** A luminosity soft mask painting the stops' alpha as grey (§11.6.5.2). */
function alphaState(ctx: PageContext, shading: Shading, rect: Rect): string {
  const doc = ctx.resources.doc;
  const sh = doc.ref(shadingDict(shading, true));
  sh.end();
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].map(round),
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
    Resources: { Shading: { S1: sh } },
  });
  form.end(`${ellipseMatrix(shading)}/S1 sh`);
  const state = doc.ref({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: form } });
  state.end();
  return softMaskState(ctx, state);
}

export function drawShading(ctx: PageContext, rect: Rect, shading: Shading): void {
  if (rect.width <= 0 || rect.height <= 0 || shading.stops.length === 0) return;
  const translucent = shading.stops.some((s) => s.color.a < 1);
  if (translucent && shading.stops.every((s) => s.color.a <= 0)) return;
  // the mask is set in page space; the shading is drawn from the rect's corner
  const mask = translucent ? alphaState(ctx, shading, rect) : '';
  const local = translated(shading, -rect.x, -rect.y);
  const name = register(ctx, shadingDict(local, false));
  const at = `1 0 0 1 ${num(rect.x)} ${num(rect.y)} cm\n`;
  ctx.sink.push(`q\n${num(rect.x)} ${num(rect.y)} ${num(rect.width)} ${num(rect.height)} re\nW n\n${mask}${at}${ellipseMatrix(local)}/${name} sh\nQ`);
}

function translated(shading: Shading, dx: number, dy: number): Shading {
  if (shading.kind === 'axial') return { ...shading, x0: shading.x0 + dx, y0: shading.y0 + dy, x1: shading.x1 + dx, y1: shading.y1 + dy };
  return {
    ...shading, cx: shading.cx + dx, cy: shading.cy + dy,
    ...(shading.fx === undefined ? {} : { fx: shading.fx + dx }), ...(shading.fy === undefined ? {} : { fy: shading.fy + dy }),
  };
}

/** Paints `color` through an alpha mask stretched over `rect`; each mask is embedded once. */
export function drawAlphaMask(ctx: PageContext, rect: Rect, color: Color, mask: AlphaMask): void {
  if (rect.width <= 0 || rect.height <= 0 || color.a <= 0) return;
  const doc = ctx.resources.doc;
  const masks = ctx.resources.masks;
  let smask = masks.get(mask.id);
  if (smask === undefined) {
    smask = doc.ref({ Type: 'XObject', Subtype: 'Image', Width: mask.width, Height: mask.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Interpolate: true });
    smask.compress = true;
    smask.end(mask.data);
    masks.set(mask.id, smask);
  }
  const image = doc.ref({ Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, SMask: smask });
  image.end(new Uint8Array([color.r, color.g, color.b].map((v) => Math.round(v))));
  const name = `Im${++ctx.resources.groups}`;
  ctx.page.xobjects[name] = image;
  const alpha = color.a < 1 ? `${alphaOperator(ctx, color.a)}\n` : '';
  // the image's unit square, flipped: the page space is y-down
  ctx.sink.push(`q\n${alpha}${num(rect.width)} 0 0 ${num(-rect.height)} ${num(rect.x)} ${num(rect.y + rect.height)} cm\n/${name} Do\nQ`);
}

/** Saves the state and intersects the clip with a path (§8.5.4). */
export function pushClipPath(ctx: PageContext, path: readonly PathSegment[], evenOdd: boolean): void {
  ctx.sink.push(`q\n${pathOperators(path)}\n${evenOdd ? 'W*' : 'W'} n`);
  ctx.scopes.push({ kind: 'clip' });
}

/** Saves the state and concatenates a matrix (popped like a clip). */
export function pushTransform(ctx: PageContext, matrix: Matrix): void {
  ctx.sink.push(`q\n${matrixOperands(matrix)} cm`);
  ctx.scopes.push({ kind: 'clip', matrix });
}
