/**
 * Vector graphics (ISO 32000-1 §8.5 paths, §8.4 graphics state, §11 transparency): filled rects
 * and paths, stroked paths with dashes, clips, and group opacity as transparency-group form XObjects.
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { BlendMode, Matrix, PathSegment } from '../paint/display-list.js';
import { colorOperator, num, pathOperators, pdfNumber } from './content.js';
import type { DrawnMask, PageContext } from './context.js';
import { pathFormOperator } from './path-forms.js';
import { operatorBytes } from './pdfkit-document.js';
import type { PdfRef } from './pdfkit-document.js';
import { maxOf, minOf } from '../append-all.js';

/** `/GsN gs` for an alpha below 1 (the ExtGState is made once per document, registered on the page). */
export function alphaOperator(ctx: PageContext, alpha: number): string {
  const key = Math.round(alpha * 1000) / 1000;
  const states = ctx.resources.alphaStates;
  let state = states.get(key);
  if (state === undefined) {
    const ref = ctx.resources.doc.ref({ Type: 'ExtGState', ca: key, CA: key });
    ref.end();
    state = { name: `Gs${states.size + 1}`, ref };
    states.set(key, state);
  }
  ctx.page.ext_gstates[state.name] = state.ref;
  return `/${state.name} gs`;
}

/**
 * Paints `operators` (a path and its fill operator) in `color`: an opaque colour as fill state
 * that the next fill in the same colour reuses, a translucent one inside its own saved state so
 * that its alpha does not leak.
 */
function pushFill(ctx: PageContext, color: Color, operators: string): void {
  const colorOp = colorOperator(color, false, ctx.resources.rgbOnly);
  if (color.a >= 1) ctx.sink.pushFilled(colorOp, operators);
  else ctx.sink.push(`q\n${alphaOperator(ctx, color.a)}\n${colorOp}\n${operators}\nQ`);
}

export function fillRect(ctx: PageContext, rect: Rect, color: Color): void {
  if (color.a <= 0 || rect.width <= 0 || rect.height <= 0) return;
  pushFill(ctx, color, `${num(rect.x)} ${num(rect.y)} ${num(rect.width)} ${num(rect.height)} re\nf`);
}

export function fillPath(ctx: PageContext, path: readonly PathSegment[], color: Color, evenOdd: boolean): void {
  if (color.a <= 0 || path.length === 0) return;
  const fill = evenOdd ? 'f*' : 'f';
  pushFill(ctx, color, pathFormOperator(ctx, path, fill) ?? `${pathOperators(path)}\n${fill}`);
}

export interface StrokeStyle {
  readonly color: Color;
  readonly width: number;
  readonly dash: readonly number[] | undefined;
  readonly lineCap: 'butt' | 'round' | 'square';
  readonly lineJoin?: 'miter' | 'round' | 'bevel' | undefined;
  readonly miterLimit?: number | undefined;
  readonly dashOffset?: number | undefined;
}

const LINE_JOIN = { miter: 0, round: 1, bevel: 2 } as const;

const LINE_CAP = { butt: 0, round: 1, square: 2 } as const;

export function strokePath(ctx: PageContext, path: readonly PathSegment[], style: StrokeStyle): void {
  if (style.color.a <= 0 || style.width <= 0 || path.length === 0) return;
  const state = [
    ...(style.color.a < 1 ? [alphaOperator(ctx, style.color.a)] : []),
    colorOperator(style.color, true, ctx.resources.rgbOnly),
    `${num(style.width)} w`,
    `${LINE_CAP[style.lineCap]} J`,
    style.lineJoin !== undefined ? `${LINE_JOIN[style.lineJoin]} j` : '',
    style.miterLimit !== undefined ? `${num(style.miterLimit)} M` : '',
    style.dash !== undefined && style.dash.length > 0 ? `[${style.dash.map(num).join(' ')}] ${num(style.dashOffset ?? 0)} d` : '',
  ].filter((op) => op !== '');
  ctx.sink.push(`q\n${state.join('\n')}\n${pathOperators(path)}\nS\nQ`);
}

/** Kappa for approximating a quarter ellipse with one cubic Bézier. */
const KAPPA = 0.5522847498;

/**
 * A rectangle with elliptical corners; `radii` = [tlH, tlV, trH, trV, brH, brV, blH, blV]
 * (CSS Backgrounds 3 §5.5 order), already reduced so they fit.
 */
export function roundedRectPath(rect: Rect, radii: readonly number[]): PathSegment[] {
  const [tlh = 0, tlv = 0, trh = 0, trv = 0, brh = 0, brv = 0, blh = 0, blv = 0] = radii;
  const { x, y, width: w, height: h } = rect;
  const right = x + w;
  const bottom = y + h;
  return [
    { op: 'move', x: x + tlh, y },
    { op: 'line', x: right - trh, y },
    { op: 'curve', x1: right - trh * (1 - KAPPA), y1: y, x2: right, y2: y + trv * (1 - KAPPA), x: right, y: y + trv },
    { op: 'line', x: right, y: bottom - brv },
    { op: 'curve', x1: right, y1: bottom - brv * (1 - KAPPA), x2: right - brh * (1 - KAPPA), y2: bottom, x: right - brh, y: bottom },
    { op: 'line', x: x + blh, y: bottom },
    { op: 'curve', x1: x + blh * (1 - KAPPA), y1: bottom, x2: x, y2: bottom - blv * (1 - KAPPA), x, y: bottom - blv },
    { op: 'line', x, y: y + tlv },
    { op: 'curve', x1: x, y1: y + tlv * (1 - KAPPA), x2: x + tlh * (1 - KAPPA), y2: y, x: x + tlh, y },
    { op: 'close' },
  ];
}

/** Saves the state and intersects the clip with a (rounded) rectangle (§8.5.4). */
export function pushClip(ctx: PageContext, rect: Rect, radii: readonly number[] | undefined): void {
  const rounded = radii !== undefined && radii.some((r) => r > 0);
  const path = rounded
    ? pathOperators(roundedRectPath(rect, radii))
    : `${num(rect.x)} ${num(rect.y)} ${num(Math.max(0, rect.width))} ${num(Math.max(0, rect.height))} re`;
  ctx.sink.push(`q\n${path}\nW n`);
  ctx.scopes.push({ kind: 'clip' });
}

export function popClip(ctx: PageContext): void {
  const scope = ctx.scopes.pop();
  if (scope === undefined) return;
  if (scope.kind === 'opacity') {
    ctx.scopes.push(scope);
    throw new Error('display list: pop-clip closes a push-opacity');
  }
  ctx.sink.push('Q');
}

/**
 * Starts a transparency group: its items are collected and later drawn at once with `opacity`.
 * A fully opaque group needs no group at all: its items are drawn in place.
 */
export function pushOpacity(ctx: PageContext, opacity: number, mask?: DrawnMask, blend?: BlendMode, isolated?: true): void {
  const grouped = opacity < 1 || mask !== undefined || blend !== undefined || isolated === true;
  if (grouped) {
    ctx.marks?.openGroup();
    ctx.sink.open();
  }
  ctx.scopes.push({ kind: 'opacity', opacity, grouped, ...(mask === undefined ? {} : { mask }), ...(blend === undefined ? {} : { blend }), ...(isolated === undefined ? {} : { isolated }) });
}

/** The ExtGState operator that composites what follows with `mode`. */
function blendOperator(ctx: PageContext, mode: BlendMode): string {
  const name = `Bm${mode}`;
  if (ctx.page.ext_gstates[name] === undefined) {
    const state = ctx.resources.doc.ref({ Type: 'ExtGState', BM: mode });
    state.end();
    ctx.page.ext_gstates[name] = state;
  }
  return `/${name} gs\n`;
}

/** The ExtGState operator that sets a group's soft mask, drawn now into its own form. */
function softMaskOperator(ctx: PageContext, mask: DrawnMask, bbox: number[]): string {
  ctx.sink.open();
  mask.draw();
  const operators = ctx.sink.close();
  const doc = ctx.resources.doc;
  const form = doc.ref({
    Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: bbox,
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' },
    Resources: resourceSnapshot(ctx, operators),
  });
  form.end(operators === '' ? undefined : operatorBytes(operators));
  const state = doc.ref({ Type: 'ExtGState', SMask: { Type: 'Mask', S: mask.luminance ? 'Luminosity' : 'Alpha', G: form } });
  state.end();
  return softMaskState(ctx, state);
}

/** `/GmN gs` for a soft mask's ExtGState, numbered on its page. */
export function softMaskState(ctx: PageContext, state: PdfRef): string {
  const name = `Gm${++ctx.names.softMasks}`;
  ctx.page.ext_gstates[name] = state;
  return `/${name} gs\n`;
}

/**
 * Ends a group (CSS Color 4 §3.2: opacity applies to the element as a whole): the collected
 * operators become a form XObject with a transparency /Group, drawn with ca = CA = opacity.
 */
export function popOpacity(ctx: PageContext): void {
  const scope = ctx.scopes.pop();
  if (scope === undefined) return;
  if (scope.kind === 'clip') {
    ctx.scopes.push(scope);
    throw new Error('display list: pop-opacity closes a push-clip');
  }
  if (!scope.grouped) return;
  const resources = ctx.resources;
  // closes the group's marked content (into the group's sink) first
  const marked = ctx.marks?.closeGroup();
  const operators = ctx.sink.close();
  const visible = operators !== '' && scope.opacity > 0;
  if (!visible && marked === undefined) return;
  const bbox = pageInLocalSpace(ctx);
  const form = resources.doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: bbox,
    // isolated: composited on a transparent backdrop, as CSS composites a stacking context (Compositing 1 §3.1)
    Group: scope.isolated === true ? { Type: 'Group', S: 'Transparency', CS: 'DeviceRGB', I: true } : { Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' },
    Resources: resourceSnapshot(ctx, operators),
  });
  if (marked !== undefined) ctx.marks?.attachForm(marked, form);
  form.end(operators === '' ? undefined : operatorBytes(operators));
  if (!visible) return; // kept only so that structure references to its content stay valid
  const name = `Tg${++resources.groups}`;
  ctx.page.xobjects[name] = form;
  const masked = scope.mask === undefined ? '' : softMaskOperator(ctx, scope.mask, bbox);
  const alpha = scope.opacity < 1 ? `${alphaOperator(ctx, scope.opacity)}\n` : '';
  const blend = scope.blend === undefined ? '' : blendOperator(ctx, scope.blend);
  ctx.sink.push(`q\n${masked}${alpha}${blend}/${name} Do\nQ`);
}

/**
 * The page's rectangle in the current user space (under the open push-transforms): a group's
 * bounding box, which would otherwise cut what a scaled-down SVG draws beyond the page size.
 */
export function pageInLocalSpace(ctx: PageContext): number[] {
  let m: Matrix = [1, 0, 0, 1, 0, 0];
  for (const scope of ctx.scopes) {
    if (scope.kind !== 'clip' || scope.matrix === undefined) continue;
    const n = scope.matrix;
    m = [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  }
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return [0, 0, ctx.width, ctx.height];
  const inv = (x: number, y: number): [number, number] => {
    const dx = x - m[4];
    const dy = y - m[5];
    return [(m[3] * dx - m[2] * dy) / det, (m[0] * dy - m[1] * dx) / det];
  };
  const pts = [inv(0, 0), inv(ctx.width, 0), inv(0, ctx.height), inv(ctx.width, ctx.height)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [minOf(xs), minOf(ys), maxOf(xs), maxOf(ys)].map((v) => pdfNumber(v));
}

/**
 * The resources a group's form may use: what the page has registered so far (which includes
 * nested groups), copied so the form never lists itself (recursive resources, ISO 32000-1 §7.8.3).
 */
export function resourceSnapshot(ctx: PageContext, operators: string): Record<string, unknown> {
  // only the resources the form's operators name: a copy of all the page's made a page of
  // n groups write n² entries (4,000 translucent boxes: 130 MB and 7.6 s)
  const named = new Set<string>();
  for (const match of operators.matchAll(RESOURCE_NAME)) named.add(match[1]!);
  const resources: Record<string, unknown> = {};
  const add = (key: string, all: Readonly<Record<string, unknown>> | undefined): void => {
    if (all === undefined) return;
    const used: Record<string, unknown> = {};
    let any = false;
    for (const name of named) if (Object.hasOwn(all, name)) { used[name] = all[name]; any = true; }
    if (any) resources[key] = used;
  };
  add('Font', ctx.page.fonts);
  add('XObject', ctx.page.xobjects);
  add('ExtGState', ctx.page.ext_gstates);
  add('Shading', ctx.page.resources.data['Shading'] as Record<string, unknown> | undefined);
  return resources;
}

/** A PDF name in content operators (`/F1 12 Tf`, `/Tg3 Do`, `/Gm2 gs`, `/Sh1 sh`). */
const RESOURCE_NAME = /\/([A-Za-z0-9_.+-]+)/g;

/** Closes whatever the display list left open at the end of a page. */
export function closeScopes(ctx: PageContext): void {
  while (ctx.scopes.length > 0) {
    const scope = ctx.scopes[ctx.scopes.length - 1]!;
    if (scope.kind === 'clip') popClip(ctx);
    else popOpacity(ctx);
  }
}
