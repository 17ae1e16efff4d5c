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
  /**
   * What of its size an SVG image has of its own (CSS Images 3 §4.1), when not both natural
   * dimensions: `ratio`, only a natural ratio (a `viewBox` alone; width × height gives it);
   * `none`, neither (width × height is the 300 × 150 default object size).
   */
  readonly naturalSize?: 'ratio' | 'none';
  /** The alpha channel, read for the images a `shape-outside` names (CSS Shapes 1 §5). */
  readonly alpha?: AlphaChannel;
}

export interface LoadedResources {
  /** Images by absolute URL (as written in the box tree). */
  readonly images: ReadonlyMap<string, LoadedImage>;
}
