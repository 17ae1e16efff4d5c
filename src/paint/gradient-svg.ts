/**
 * A gradient's painted items (paint/gradient.ts: a shading, a plain colour, or a conic
 * gradient's wedges) written as an SVG document of the same size: what a border image's frame is
 * composed from when its source is a gradient (pdf/image-prep.ts rasterises it as it does an SVG
 * source). Undefined when an item is of another kind.
 */
import { createHash } from 'node:crypto';
import type { Color } from '../css/types.js';
import type { LoadedImage } from '../resources/types.js';
import type { DisplayItem, PathSegment, ShadingStop } from './display-list.js';

export function gradientAsSvg(items: readonly DisplayItem[], width: number, height: number): LoadedImage | undefined {
  const defs: string[] = [];
  const body: string[] = [];
  for (const item of items) {
    if (item.kind === 'fill-rect') body.push(`<rect x="${n(item.rect.x)}" y="${n(item.rect.y)}" width="${n(item.rect.width)}" height="${n(item.rect.height)}" ${fill(item.color)}/>`);
    else if (item.kind === 'fill-path') body.push(`<path d="${pathData(item.path)}" ${fill(item.color)}/>`);
    else if (item.kind === 'shading') {
      const id = `g${defs.length}`;
      const s = item.shading;
      const stops = stopsOf(s.stops);
      defs.push(s.kind === 'axial'
        ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(s.x0)}" y1="${n(s.y0)}" x2="${n(s.x1)}" y2="${n(s.y1)}">${stops}</linearGradient>`
        // an ellipse: the circles stretched vertically about the centre
        : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r1)}" fr="${n(s.r0)}" fx="${n(s.fx ?? s.cx)}" fy="${n(s.fy ?? s.cy)}" gradientTransform="translate(0 ${n(s.cy)}) scale(1 ${n(s.scaleY)}) translate(0 ${n(-s.cy)})">${stops}</radialGradient>`);
      body.push(`<rect x="${n(item.rect.x)}" y="${n(item.rect.y)}" width="${n(item.rect.width)}" height="${n(item.rect.height)}" fill="url(#${id})"/>`);
    } else return undefined;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
  const bytes = new TextEncoder().encode(svg);
  return { id: `gradient-${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}`, format: 'svg', bytes, width, height };
}

const n = (value: number): string => String(Math.round(value * 1e4) / 1e4);

function rgb(color: Color): string {
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
