/**
 * Display items written as SVG markup, for Skia's SVG renderer to rasterise what only a
 * rasteriser draws: a gradient border image's frame (gradient-svg.ts), an element under an SVG
 * filter (svg-filter-raster.ts). Glyph runs are written as their outlines (flattened, as
 * text-shadow.ts covers them), so the text keeps octavo's fonts and layout; soft masks as `<mask>`
 * (an alpha mask's alpha made luminance by a colour matrix). What Skia's SVG renderer would not
 * draw — an image (it loads none, data: URLs included), a blurred text shadow's or shape's alpha mask
 * (pixels, which only an image could carry: a box shadow's is written as its shape under an
 * feGaussianBlur), a blend mode (drawn as normal) — makes the whole unwritable, and says why.
 */
import type { Radii } from '../css/values/radii.js';
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem, PathSegment, ShadingStop } from './display-list.js';
import { roundedRectPath } from './path.js';
import { polygonsOf } from './text-shadow.js';

/** The markup of some items: what goes in `<defs>`, and the drawing. */
export interface ItemsMarkup {
  readonly defs: string;
  readonly body: string;
}

/** Items with no SVG markup here: what the first of them is. */
export interface Unwritable {
  readonly unwritable: string;
}

/** A mask region no drawing reaches past: the mask's own items say where it shows. */
const EVERYWHERE = 'x="-1e6" y="-1e6" width="2e6" height="2e6"';

/** Items that draw nothing: marked content, links and destinations, which stay out of a raster. */
export function drawsNothing(item: DisplayItem): boolean {
  return item.kind === 'begin-tag' || item.kind === 'begin-artifact' || item.kind === 'end-marked' || item.kind === 'link' || item.kind === 'destination' || item.kind === 'bookmark';
}

/** The items as SVG (ids prefixed by `prefix`), or what the first item with no markup here is. */
export function itemsAsSvg(items: readonly DisplayItem[], prefix = 'i'): ItemsMarkup | Unwritable {
  const defs: string[] = [];
  const body: string[] = [];
  const id = (): string => `${prefix}${defs.length}`;
  for (const item of items) {
    switch (item.kind) {
      case 'fill-rect':
        body.push(`<rect ${rectAttributes(item.rect)} ${fill(item.color)}/>`);
        break;
      case 'fill-path':
        body.push(`<path d="${pathData(item.path)}" ${fill(item.color)}${item.evenOdd === true ? ' fill-rule="evenodd"' : ''}/>`);
        break;
      case 'stroke-path': {
        const dash = item.dash === undefined ? '' : ` stroke-dasharray="${item.dash.map(n).join(' ')}" stroke-dashoffset="${n(item.dashOffset ?? 0)}"`;
        body.push(`<path d="${pathData(item.path)}" fill="none" stroke="${rgb(item.color)}" stroke-opacity="${n(item.color.a)}" stroke-width="${n(item.width)}" stroke-linecap="${item.lineCap}" stroke-linejoin="${item.lineJoin ?? 'miter'}" stroke-miterlimit="${n(item.miterLimit ?? 10)}"${dash}/>`);
        break;
      }
      case 'glyphs': {
        if (item.invisible === true) break;
        const d = outlineData(item);
        const stroke = item.stroke === undefined ? '' : ` stroke="${rgb(item.stroke.color)}" stroke-opacity="${n(item.stroke.color.a)}" stroke-width="${n(item.stroke.width)}"`;
        if (d !== '') body.push(`<path d="${d}" ${fill(item.color)}${stroke}/>`);
        break;
      }
      case 'shading': {
        const g = id();
        const s = item.shading;
        const stops = stopsOf(s.stops);
        defs.push(s.kind === 'axial'
          ? `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="${n(s.x0)}" y1="${n(s.y0)}" x2="${n(s.x1)}" y2="${n(s.y1)}">${stops}</linearGradient>`
          // an ellipse: the circles stretched vertically about the centre
          : `<radialGradient id="${g}" gradientUnits="userSpaceOnUse" cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r1)}" fr="${n(s.r0)}" fx="${n(s.fx ?? s.cx)}" fy="${n(s.fy ?? s.cy)}" gradientTransform="translate(0 ${n(s.cy)}) scale(1 ${n(s.scaleY)}) translate(0 ${n(-s.cy)})">${stops}</radialGradient>`);
        body.push(`<rect ${rectAttributes(item.rect)} fill="url(#${g})"/>`);
        break;
      }
      case 'tiles': {
        const tile = itemsAsSvg(item.items, `${id()}-`);
        if ('unwritable' in tile) return tile;
        const t = id();
        defs.push(`<pattern id="${t}" patternUnits="userSpaceOnUse" x="${n(item.origin.x)}" y="${n(item.origin.y)}" width="${n(item.step.x)}" height="${n(item.step.y)}">`
          + `<defs>${tile.defs}</defs><svg width="${n(item.size.width)}" height="${n(item.size.height)}" overflow="hidden">${tile.body}</svg></pattern>`);
        body.push(`<rect ${rectAttributes(item.rect)} fill="url(#${t})"/>`);
        break;
      }
      case 'image':
        // Skia's SVG renderer, as @napi-rs/canvas builds it, has no resource provider: it draws no <image>, data: URLs included
        return { unwritable: 'an image' };
      case 'alpha-mask': {
        const shape = blurredShape(item, id(), defs);
        if (typeof shape !== 'string') return shape;
        body.push(shape);
        break;
      }
      case 'push-transform':
        body.push(`<g transform="matrix(${item.matrix.map(n).join(' ')})">`);
        break;
      case 'push-clip':
      case 'push-clip-glyphs':
      case 'push-clip-path': {
        const c = id();
        defs.push(`<clipPath id="${c}">${clipShape(item)}</clipPath>`);
        body.push(`<g clip-path="url(#${c})">`);
        break;
      }
      case 'push-opacity': {
        const group = opacityGroup(item, id(), defs);
        if (typeof group !== 'string') return group;
        body.push(group);
        break;
      }
      case 'pop-transform':
      case 'pop-clip':
      case 'pop-opacity':
        body.push('</g>');
        break;
      default:
        if (!drawsNothing(item)) return { unwritable: item.kind };
    }
  }
  return { defs: defs.join(''), body: body.join('') };
}

/**
 * The opening tag of a transparency group; its soft mask, under `maskId`, added to `defs`. Skia's
 * SVG renderer reads no mask-type: an alpha mask's alpha is made its luminance.
 */
function opacityGroup(item: Extract<DisplayItem, { kind: 'push-opacity' }>, maskId: string, defs: string[]): string | Unwritable {
  if (item.blend !== undefined) return { unwritable: `the blend mode ${item.blend}` };
  if (item.mask === undefined) return `<g opacity="${n(item.opacity)}">`;
  const content = itemsAsSvg(item.mask.items, `${maskId}-`);
  if ('unwritable' in content) return content;
  const drawn = item.mask.luminance ? content.body
    : `<filter id="${maskId}a" filterUnits="userSpaceOnUse" ${EVERYWHERE}><feColorMatrix values="0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0"/></filter><g filter="url(#${maskId}a)">${content.body}</g>`;
  defs.push(`${content.defs}<mask id="${maskId}" maskUnits="userSpaceOnUse" ${EVERYWHERE}>${drawn}</mask>`);
  return `<g opacity="${n(item.opacity)}" mask="url(#${maskId})">`;
}

/**
 * A blurred box shadow as its shape under an feGaussianBlur (`filterId`, added to `defs`): a mask's
 * pixels would need an image, which Skia does not draw; other alpha masks are unwritable.
 */
function blurredShape(item: Extract<DisplayItem, { kind: 'alpha-mask' }>, filterId: string, defs: string[]): string | Unwritable {
  if (item.blurOf === undefined) return { unwritable: 'a blur other than a box shadow (a text shadow, a blur() inside)' };
  defs.push(`<filter id="${filterId}" filterUnits="userSpaceOnUse" ${EVERYWHERE}><feGaussianBlur stdDeviation="${n(item.blurOf.sigma)}"/></filter>`);
  return `<path d="${pathData(item.blurOf.path)}" ${fill(item.color)}${item.blurOf.evenOdd ? ' fill-rule="evenodd"' : ''} filter="url(#${filterId})"/>`;
}

/** What a clip item clips to, as the content of a `<clipPath>`. */
function clipShape(item: Extract<DisplayItem, { kind: 'push-clip' | 'push-clip-glyphs' | 'push-clip-path' }>): string {
  switch (item.kind) {
    case 'push-clip': {
      const { rect, radii } = item;
      return radii !== undefined && radii.length === 8 && radii.some((r) => r > 0)
        ? `<path d="${pathData(roundedRectPath(rect, radii as Radii))}"/>`
        : `<rect ${rectAttributes(rect)}/>`;
    }
    case 'push-clip-glyphs': return `<path d="${item.runs.map(outlineData).join('')}"/>`;
    case 'push-clip-path': return `<path d="${pathData(item.path)}"${item.evenOdd === true ? ' clip-rule="evenodd"' : ''}/>`;
  }
}

/** A glyph run's outlines as path data, flattened. */
function outlineData(run: Extract<DisplayItem, { kind: 'glyphs' }>): string {
  return polygonsOf(run).map((polygon) => polygon.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join('') + 'Z').join('');
}

function rectAttributes(rect: Rect): string {
  return `x="${n(rect.x)}" y="${n(rect.y)}" width="${n(rect.width)}" height="${n(rect.height)}"`;
}

export const n = (value: number): string => String(Math.round(value * 1e4) / 1e4);

export function rgb(color: Color): string {
  return `rgb(${Math.round(color.r)},${Math.round(color.g)},${Math.round(color.b)})`;
}

function fill(color: Color): string {
  return `fill="${rgb(color)}" fill-opacity="${n(color.a)}"`;
}

function stopsOf(stops: readonly ShadingStop[]): string {
  return stops.map((stop) => `<stop offset="${n(stop.offset)}" stop-color="${rgb(stop.color)}" stop-opacity="${n(stop.color.a)}"/>`).join('');
}

function pathData(path: readonly PathSegment[]): string {
  return path.map((s) => {
    switch (s.op) {
      case 'move': return `M${n(s.x)} ${n(s.y)}`;
      case 'line': return `L${n(s.x)} ${n(s.y)}`;
      case 'curve': return `C${n(s.x1)} ${n(s.y1)} ${n(s.x2)} ${n(s.y2)} ${n(s.x)} ${n(s.y)}`;
      case 'close': return 'Z';
    }
  }).join('');
}
