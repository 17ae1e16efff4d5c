/** Resources loaded before layout (the only async stage). */
import type { AlphaChannel } from '../raster/alpha.js';
import type { SvgDocument } from './svg-document.js';
import type { PixelStreams } from './pixel-streams.js';
import type { IccProfile } from './icc-profile.js';

/** The pixels of an image PDF cannot embed as a file (decode.ts), ready for an image XObject. */
export interface DecodedPixels extends PixelStreams {
  /** The file's media type (`image/gif` …), for what passes `bytes` on as a data URL. */
  readonly mediaType: string;
}

/** What of its size an image has of its own, when not both natural dimensions (LoadedImage.naturalSize). */
export type NaturalSize = 'ratio' | 'none' | 'width' | 'height';

export interface LoadedImage {
  /** Stable key (content hash) so the PDF embeds each image once. */
  readonly id: string;
  /**
   * `svg` images are drawn as vectors from `svg`; `png` and `jpeg` are embedded from `bytes`;
   * `decoded` (GIF, WebP, BMP, AVIF, interlaced PNG) from `pixels`, decoded when loaded.
   */
  readonly format: 'png' | 'jpeg' | 'svg' | 'decoded';
  /** The file as it came (what Skia decodes for filters and copies, whatever the format). */
  readonly bytes: Uint8Array;
  readonly svg?: SvgDocument;
  /** Present exactly when `format` is `decoded`. */
  readonly pixels?: DecodedPixels;
  /** Intrinsic size in px. */
  readonly width: number;
  readonly height: number;
  /**
   * What of its size an SVG image has of its own (CSS Images 3 §4.1), when not both natural
   * dimensions: `ratio`, only a natural ratio (a `viewBox` alone; width × height gives it);
   * `width` or `height`, only that dimension and no ratio (a `width` without a `viewBox`; the
   * other dimension is the default object's, 150 or 300); `none`, neither (width × height is
   * the 300 × 150 default object size).
   */
  readonly naturalSize?: NaturalSize;
  /** The alpha channel, read for the images a `shape-outside` names (CSS Shapes 1 §5). */
  readonly alpha?: AlphaChannel;
  /**
   * The ICC profile a `png` or `jpeg` image embeds (its colour space in the PDF), unless it is
   * sRGB; `decoded` images have sRGB pixels (Skia converts them by their profiles).
   */
  readonly iccProfile?: IccProfile;
}

export interface LoadedResources {
  /** Images by absolute URL (as written in the box tree). */
  readonly images: ReadonlyMap<string, LoadedImage>;
}
