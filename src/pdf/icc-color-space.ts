/**
 * ICCBased colour spaces (ISO 32000-1 §8.6.5.5) for the images that embed an ICC profile
 * (resources/icc-profile.ts): the profile as a stream with /N and the /Alternate device space of
 * as many components, written once per document however many images share it (a catalogue of
 * 200 photos from one camera embeds its profile once). PDF viewers convert the samples by it, as
 * Chromium converts the image before printing it. PDF/A accepts such colour spaces (ISO 19005-2
 * §6.2.4.2: the device classes and versions icc-profile.ts lets through).
 */
import type { IccProfile } from '../resources/icc-profile.js';
import type { PdfKitDocument } from './pdfkit-document.js';

const DEVICE_SPACES: Readonly<Record<IccProfile['components'], string>> = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' };

/** `['ICCBased', stream]`, as PDFKit writes an array of a name and a reference. */
export type IccBasedSpace = readonly ['ICCBased', unknown];

export interface IccColorSpaces {
  /** The colour space of `profile`, its stream written the first time it is asked for. */
  spaceOf(profile: IccProfile): IccBasedSpace;
}

export function createIccColorSpaces(doc: PdfKitDocument): IccColorSpaces {
  const spaces = new Map<string, IccBasedSpace>();
  return {
    spaceOf(profile) {
      let space = spaces.get(profile.id);
      if (space === undefined) {
        const stream = doc.ref({ N: profile.components, Alternate: DEVICE_SPACES[profile.components] });
        stream.end(profile.bytes);
        space = ['ICCBased', stream];
        spaces.set(profile.id, space);
      }
      return space;
    },
  };
}

/**
 * An image dictionary's /ColorSpace with the device space its samples are in (as PDFKit writes
 * it: the JPEG's or PNG's own, or the base of a PNG palette's /Indexed space) made `space`; any
 * other left as it is. A CMYK JPEG keeps its /Decode (an Adobe JPEG's inverted samples) under it.
 */
export function withIccSpace(colorSpace: unknown, space: IccBasedSpace, components: IccProfile['components']): unknown {
  const device = DEVICE_SPACES[components];
  if (colorSpace === device) return space;
  if (Array.isArray(colorSpace) && colorSpace[0] === 'Indexed' && colorSpace[1] === device) return ['Indexed', space, ...colorSpace.slice(2) as unknown[]];
  return colorSpace;
}
