/**
 * A raster image blurred with a Gaussian (Skia's canvas `filter`, the CSS `blur()` it implements)
 * into a canvas with room around it for the blur to spread, or its blurred alpha filled with one
 * colour (a `drop-shadow()` of the image), cut first to the clips it is drawn under.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { decodeWithSkia, encodePng } from './skia.js';

/** A step of a path in canvas pixels (the shape of paint's path segments). */
export type CanvasPathStep =
  | { readonly op: 'move' | 'line'; readonly x: number; readonly y: number }
  | { readonly op: 'curve'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'close' };

/** A clip's outline in canvas pixels. */
export interface CanvasClip {
  readonly path: readonly CanvasPathStep[];
  readonly evenOdd: boolean;
}

export interface BlurRequest {
  /** Canvas size, pixels. */
  readonly width: number;
  readonly height: number;
  /** Where the image is drawn in it, pixels. */
  readonly x: number;
  readonly y: number;
  readonly drawWidth: number;
  readonly drawHeight: number;
  /** Standard deviation, pixels. */
  readonly sigma: number;
  /** A shadow's colour (`rgb()`) and alpha: the blurred alpha painted in it instead of the image's colours. */
  readonly shadow?: { readonly color: string; readonly alpha: number };
  /** Outlines the image is cut to before the blur (the clips a shadowed image is drawn under). */
  readonly clip?: readonly CanvasClip[];
}

/** Intersects the context's clip with each outline. */
function clipTo(ctx: SKRSContext2D, clips: readonly CanvasClip[]): void {
  for (const clip of clips) {
    ctx.beginPath();
    for (const step of clip.path) {
      if (step.op === 'move') ctx.moveTo(step.x, step.y);
      else if (step.op === 'line') ctx.lineTo(step.x, step.y);
      else if (step.op === 'curve') ctx.bezierCurveTo(step.x1, step.y1, step.x2, step.y2, step.x, step.y);
      else ctx.closePath();
    }
    ctx.clip(clip.evenOdd ? 'evenodd' : 'nonzero');
  }
}

/** PNG bytes of the blurred image (PNG or JPEG `bytes`); undefined when unreadable. */
export async function blurImage(bytes: Uint8Array, request: BlurRequest): Promise<Uint8Array | undefined> {
  const decoded = await decodeWithSkia(bytes);
  if (decoded === undefined) return undefined;
  const { skia, image } = decoded;
  if (request.width <= 0 || request.height <= 0 || image.width <= 0 || image.height <= 0) return undefined;
  const surface = skia.createCanvas(request.width, request.height);
  const ctx = surface.getContext('2d');
  // a canvas filter applies before the clip: the image is cut on a canvas of its own, then blurred
  let clipped: InstanceType<typeof skia.Canvas> | undefined;
  if (request.clip !== undefined && request.clip.length > 0) {
    clipped = skia.createCanvas(request.width, request.height);
    const cut = clipped.getContext('2d');
    clipTo(cut, request.clip);
    cut.drawImage(image, request.x, request.y, request.drawWidth, request.drawHeight);
  }
  if (request.sigma > 0) ctx.filter = `blur(${request.sigma}px)`;
  if (clipped === undefined) ctx.drawImage(image, request.x, request.y, request.drawWidth, request.drawHeight);
  else ctx.drawImage(clipped, 0, 0);
  if (request.shadow === undefined) return encodePng(surface);
  ctx.filter = 'none';
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = request.shadow.color;
  ctx.fillRect(0, 0, request.width, request.height);
  if (request.shadow.alpha >= 1) return encodePng(surface);
  // the colour's alpha applied by drawing, not in the fill: @napi-rs/canvas 0.1.100 squares a
  // translucent fill's alpha under `source-in` (alpha .5 over an opaque pixel left .25)
  const shadow = skia.createCanvas(request.width, request.height);
  const shadowCtx = shadow.getContext('2d');
  shadowCtx.globalAlpha = request.shadow.alpha;
  shadowCtx.drawImage(surface, 0, 0);
  return encodePng(shadow);
}
