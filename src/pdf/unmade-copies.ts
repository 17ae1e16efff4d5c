/**
 * What pdf/image-prep.ts says of the copies Skia could not make: the items are drawn as they are.
 */
import type { DisplayItem } from '../paint/display-list.js';

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;

/**
 * Says what images are drawn without when Skia could not make their copy (it could not read an
 * SVG, or a raster under the limits still failed): a rasterised filter by its name, the others counted.
 * A frame left uncomposed says nothing — its tiles are drawn one by one, the same picture.
 */
export function warnUnmade(unmade: readonly ImageItem[], warn: ((message: string) => void) | undefined): void {
  if (warn === undefined) return;
  const filters = new Set<string>();
  let images = 0;
  for (const item of unmade) {
    if (item.rasterize !== undefined) filters.add(`${item.rasterize.filter} could not be drawn by Skia: ${item.rasterize.instead ?? 'the elements under it are drawn unfiltered'}`);
    else if (item.blur !== undefined || item.filters !== undefined || item.interpolate === false) images++;
  }
  for (const filter of filters) warn(filter);
  if (images > 0) warn(`${images} image${images === 1 ? '' : 's'} could not be copied by Skia with their \`filter\` or \`image-rendering\`: drawn as they are`);
}
