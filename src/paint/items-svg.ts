/**
 * Display items written as SVG markup, for Skia's SVG renderer to rasterise what only a
 * rasteriser draws: a gradient border image's frame (gradient-svg.ts), an element under an SVG
 * filter (svg-filter-raster.ts). Glyph runs are written as their outlines (flattened, as
 * text-shadow.ts covers them), so the text keeps octavo's fonts and layout; images as data URLs.
 * What has no markup here (soft masks, alpha masks, text filled through a clip, stroked glyphs,
 * frames left uncomposed) makes the whole undefined.
 */
import type { Color } from '../css/types.js';
import type { DisplayItem, PathSegment, ShadingStop } from './display-list.js';
import { polygonsOf } from './text-shadow.js';

/** The markup of some items: what goes in `<defs>`, and the drawing. */
export interface ItemsMarkup {
  readonly defs: string;
  readonly body: string;
}

/** Items that draw nothing: marked content, links and destinations, which stay out of a raster. */
export function drawsNothing(item: DisplayItem): boolean {
  return item.kind === 'begin-tag' || item.kind === 'begin-artifact' || item.kind === 'end-marked' || item.kind === 'link' || item.kind === 'destination' || item.kind === 'bookmark';
}

/** The items as SVG (ids prefixed by `prefix`); undefined when one has no markup here. */
export function itemsAsSvg(items: readonly DisplayItem[], prefix = 'i'): ItemsMarkup | undefined {
  const defs: string[] = [];
  const body: string[] = [];
  const id = (): string => `${prefix}${defs.length}`;
  for (const item of items) {
    switch (item.kind) {
      case 'fill-rect':
        body.push(`<rect x="${n(item.rect.x)}" y="${n(item.rect.y)}" width="${n(item.rect.width)}" height="${n(item.rect.height)}" ${fill(item.color)}/>`);
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
        if (item.stroke !== undefined) return undefined;
        if (item.invisible === true) break;
        const d = polygonsOf(item).map((polygon) => polygon.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join('') + 'Z').join('');
        if (d !== '') body.push(`<path d="${d}" ${fill(item.color)}/>`);
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
        body.push(`<rect x="${n(item.rect.x)}" y="${n(item.rect.y)}" width="${n(item.rect.width)}" height="${n(item.rect.height)}" fill="url(#${g})"/>`);
        break;
      }
      case 'image': {
        const { image, rect } = item;
        if (item.compose !== undefined || item.blur !== undefined || item.filters !== undefined || item.rasterize !== undefined) return undefined;
        const type = image.format === 'svg' ? 'image/svg+xml' : `image/${image.format}`;
        const rendering = item.interpolate === false ? ' image-rendering="optimizeSpeed"' : '';
        body.push(`<image x="${n(rect.x)}" y="${n(rect.y)}" width="${n(rect.width)}" height="${n(rect.height)}" preserveAspectRatio="none"${rendering} xlink:href="data:${type};base64,${Buffer.from(image.bytes).toString('base64')}"/>`);
        break;
      }
      case 'push-transform':
        body.push(`<g transform="matrix(${item.matrix.map(n).join(' ')})">`);
        break;
      case 'push-clip': {
        if (item.radii !== undefined && item.radii.some((r) => r > 0)) return undefined;
        const c = id();
        defs.push(`<clipPath id="${c}"><rect x="${n(item.rect.x)}" y="${n(item.rect.y)}" width="${n(item.rect.width)}" height="${n(item.rect.height)}"/></clipPath>`);
        body.push(`<g clip-path="url(#${c})">`);
        break;
      }
      case 'push-clip-path': {
        const c = id();
        defs.push(`<clipPath id="${c}"><path d="${pathData(item.path)}"${item.evenOdd === true ? ' clip-rule="evenodd"' : ''}/></clipPath>`);
        body.push(`<g clip-path="url(#${c})">`);
        break;
      }
      case 'push-opacity':
        if (item.mask !== undefined || item.blend !== undefined) return undefined;
        body.push(`<g opacity="${n(item.opacity)}">`);
        break;
      case 'pop-transform':
      case 'pop-clip':
      case 'pop-opacity':
        body.push('</g>');
        break;
      default:
        if (!drawsNothing(item)) return undefined;
    }
  }
  return { defs: defs.join(''), body: body.join('') };
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
