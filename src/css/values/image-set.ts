/**
 * `image-set()` and `-webkit-image-set()` (CSS Images 4 §2.4): the one option a printer at one
 * device pixel per px takes — the smallest resolution of at least 1x, else the largest, as
 * Chromium 156 prints and as `srcset` chooses (boxes/srcset.ts) — skipping options whose `type()`
 * octavo cannot decode. The chosen image's natural size is divided by its resolution.
 */
import type { CssNode } from 'css-tree';
import { childrenOf, splitBy, stringOf } from './nodes.js';
import { resolveStylesheetUrl } from '../../stylesheet-urls.js';

export const IMAGE_SET_FUNCTIONS: ReadonlySet<string> = new Set(['image-set', '-webkit-image-set']);

/** The image types octavo decodes (resources/decode.ts): `type()` here, `<source type>` in srcset.ts. */
export const DECODED_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif', 'image/svg+xml']);

/** Dots per px of each resolution unit (CSS Values 4 §7.4). */
const PER_PX: Readonly<Record<string, number>> = { x: 1, dppx: 1, dpi: 1 / 96, dpcm: 2.54 / 96 };

export interface ImageSetOption<Image> {
  readonly image: Image;
  /** Image pixels per px. */
  readonly resolution: number;
}

/**
 * The chosen option of an image-set; undefined when the set is invalid or no option can be
 * decoded. `parseImage` reads an option's image (a gradient, a `url()`); a string is a URL.
 */
export function chooseFromImageSet<Image>(node: CssNode & { type: 'Function' }, baseUrl: string | undefined,
  parseImage: (node: CssNode) => Image | undefined, urlImage: (url: string) => Image): ImageSetOption<Image> | undefined {
  const options: ImageSetOption<Image>[] = [];
  for (const option of splitBy(childrenOf(node), ',')) {
    const [first, ...descriptors] = option;
    if (first === undefined || descriptors.length > 2) return undefined;
    const raw = first.type === 'String' ? stringOf(first) : undefined;
    const image = raw !== undefined ? urlImage(resolveStylesheetUrl(raw.trim(), baseUrl)) : parseImage(first);
    if (image === undefined) return undefined;
    let resolution: number | undefined;
    let decodable = true;
    for (const descriptor of descriptors) {
      const dots = descriptor.type === 'Dimension' ? PER_PX[descriptor.unit.toLowerCase()] : undefined;
      if (descriptor.type === 'Dimension' && dots !== undefined && resolution === undefined) {
        resolution = Number(descriptor.value) * dots;
        if (!(resolution > 0) || !Number.isFinite(resolution)) return undefined;
      } else if (descriptor.type === 'Function' && descriptor.name.toLowerCase() === 'type') {
        const type = stringOf(childrenOf(descriptor)[0]);
        if (type === undefined) return undefined;
        decodable &&= DECODED_IMAGE_TYPES.has(type.trim().toLowerCase());
      } else {
        return undefined;
      }
    }
    if (decodable) options.push({ image, resolution: resolution ?? 1 });
  }
  const sorted = options.sort((a, b) => a.resolution - b.resolution);
  return sorted.find((option) => option.resolution >= 1) ?? sorted[sorted.length - 1];
}
