/** Resources loaded before layout (the only async stage). */
import type { AlphaChannel } from '../raster/alpha.js';
import type { SvgDocument } from './svg-document.js';

export interface LoadedImage {
  /** Stable key (content hash) so the PDF embeds each image once. */
  readonly id: string;
  /** `svg` images are drawn as vectors from `svg`; the others are embedded from `bytes`. */
  readonly format: 'png' | 'jpeg' | 'svg';
  readonly bytes: Uint8Array;
  readonly svg?: SvgDocument;
  /** Intrinsic size in px. */
  readonly width: number;
  readonly height: number;
  /** The alpha channel, read for the images a `shape-outside` names (CSS Shapes 1 §5). */
  readonly alpha?: AlphaChannel;
}

export interface LoadedResources {
  /** Images by absolute URL (as written in the box tree). */
  readonly images: ReadonlyMap<string, LoadedImage>;
}
