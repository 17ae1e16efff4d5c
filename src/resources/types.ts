/** Resources loaded before layout (the only async stage). */
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
}

export interface LoadedResources {
  /** Images by absolute URL (as written in the box tree). */
  readonly images: ReadonlyMap<string, LoadedImage>;
}
