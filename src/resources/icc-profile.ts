/**
 * An ICC colour profile an image embeds (ICC.1:2010, ISO 15076-1), checked before the PDF stage
 * writes it as the image's ICCBased colour space (ISO 32000-1 §8.6.5.5): the header's size,
 * 'acsp' signature, version, device class and data colour space, which must be the image's
 * (grey, RGB or CMYK). A profile that fails is ignored, with the reason, and the image printed
 * as its samples say in the device space (as before profiles were read); the document renders.
 *
 * An sRGB profile (by its colorants and tone curves, whatever its name) is not kept: viewers take
 * DeviceRGB as sRGB already. Measured on a 64×64 PNG of 4,096 colours tagged with the ICC's
 * sRGB2014 profile: poppler (cairo and splash) drew every pixel the same as ICCBased and as
 * DeviceRGB, and the profile cost 2.7 KB of the PDF.
 */
import { sha1Hex } from '../cache/content-digest.js';
import { u16, u32 } from '../sfnt/binary.js';
import { ascii } from './image-info.js';

/** A profile of an image, kept for the PDF stage. */
export interface IccProfile {
  /** The profile, as long as its header says. */
  readonly bytes: Uint8Array;
  /** Colour components it describes: 1 grey, 3 RGB, 4 CMYK (the ICCBased space's /N). */
  readonly components: 1 | 3 | 4;
  /** Its content's SHA-1: a document embeds each distinct profile once. */
  readonly id: string;
}

/** What an image's embedded profile comes to. */
export type ProfileRead =
  /** None, or an sRGB one: the samples are sRGB as they are. */
  | { readonly kind: 'none' }
  | { readonly kind: 'profile'; readonly profile: IccProfile }
  /** One the image has but octavo does not use, and why. */
  | { readonly kind: 'ignored'; readonly reason: string };

export const NO_PROFILE: ProfileRead = { kind: 'none' };

/**
 * The most bytes a profile may have: the largest printing profiles (CMYK, with fine tables) have
 * 2-3 MB; one past this from an unknown file is ignored rather than embedded in every PDF.
 */
export const MAX_PROFILE_BYTES = 4 * 1024 * 1024;

const HEADER_BYTES = 128;

const COMPONENTS: Readonly<Record<string, 1 | 3 | 4>> = { 'GRAY': 1, 'RGB ': 3, 'CMYK': 4 };
const SPACE_NAMES: Readonly<Record<number, string>> = { 1: 'grey', 3: 'RGB', 4: 'CMYK' };

/**
 * The device classes ISO 32000-2 §8.6.5.5 and PDF/A (ISO 19005-2 §6.2.4.2) allow for an ICCBased
 * colour space: input, display, output and colour space conversion (not device link, abstract,
 * named colour).
 */
const DEVICE_CLASSES = new Set(['scnr', 'mntr', 'prtr', 'spac']);



function s15Fixed16(bytes: Uint8Array, at: number): number {
  return (u32(bytes, at) | 0) / 65536;
}

/** `bytes` as the profile of an image of `components` colour components. */
export function checkProfile(bytes: Uint8Array, components: number): ProfileRead {
  if (bytes.length > MAX_PROFILE_BYTES) return ignored(`it has ${bytes.length} bytes, more than the ${MAX_PROFILE_BYTES} octavo embeds`);
  const size = u32(bytes, 0);
  if (bytes.length < HEADER_BYTES + 4 || size < HEADER_BYTES + 4 || size > bytes.length) return ignored(`its header declares ${size} bytes, and ${bytes.length} are there`);
  if (ascii(bytes, 36, 4) !== 'acsp') return ignored('its header has no \'acsp\' signature');
  const version = bytes[8]!;
  if (version < 2 || version > 4) return ignored(`it is an ICC version ${version} profile (PDF takes versions 2 to 4)`);
  const deviceClass = ascii(bytes, 12, 4);
  if (!DEVICE_CLASSES.has(deviceClass)) return ignored(`its device class '${deviceClass.trim()}' is not one a PDF colour space may have`);
  const space = ascii(bytes, 16, 4);
  const own = COMPONENTS[space];
  if (own === undefined) return ignored(`it describes '${space.trim()}' colours, which octavo does not embed (grey, RGB and CMYK)`);
  if (own !== components) return ignored(`it describes ${SPACE_NAMES[own]!} colours and the image has ${components} component${components === 1 ? '' : 's'}`);
  const profile = bytes.subarray(0, size);
  const tags = tagTable(profile);
  if (tags === undefined) return ignored('its tag table runs past its end');
  return own === 3 && isSrgb(profile, tags) ? NO_PROFILE : { kind: 'profile', profile: { bytes: profile, components: own, id: sha1Hex(profile) } };
}

function ignored(reason: string): ProfileRead {
  return { kind: 'ignored', reason };
}

/** Tag signatures to where their data starts, or undefined when the table or a tag lies outside the profile. */
function tagTable(profile: Uint8Array): Map<string, number> | undefined {
  const count = u32(profile, HEADER_BYTES);
  if (HEADER_BYTES + 4 + count * 12 > profile.length) return undefined;
  const tags = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const at = HEADER_BYTES + 4 + i * 12;
    const offset = u32(profile, at + 4);
    if (offset + u32(profile, at + 8) > profile.length) return undefined;
    tags.set(ascii(profile, at, 4), offset);
  }
  return tags;
}

/** sRGB's primaries adapted to the D50 connection space (IEC 61966-2-1 Amd. 1; the ICC's sRGB profiles). */
export const SRGB_COLORANTS = {
  rXYZ: [0.436066, 0.222488, 0.013916],
  gXYZ: [0.385147, 0.716873, 0.097076],
  bXYZ: [0.143066, 0.060608, 0.714096],
} as const;
/** How far a colorant may be from sRGB's: profiles of sRGB round these differently, by up to ~0.0005. */
const COLORANT_TOLERANCE = 0.002;
/** How far a tone curve may be from sRGB's, in linear light: a gamma of 2.2 is 0.0036 away at mid-grey. */
const CURVE_TOLERANCE = 0.001;
const CURVE_SAMPLES = [0.02, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95];

const srgbToLinear = (x: number): number => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);

/** Whether a matrix/TRC RGB profile has sRGB's colorants and tone curve: a profile of sRGB, whatever its name or encoding. */
function isSrgb(profile: Uint8Array, tags: ReadonlyMap<string, number>): boolean {
  for (const [tag, expected] of Object.entries(SRGB_COLORANTS)) {
    const at = tags.get(tag);
    if (at === undefined || ascii(profile, at, 4) !== 'XYZ ') return false;
    if (expected.some((v, i) => Math.abs(s15Fixed16(profile, at + 8 + 4 * i) - v) > COLORANT_TOLERANCE)) return false;
  }
  return ['rTRC', 'gTRC', 'bTRC'].every((tag) => {
    const at = tags.get(tag);
    return at !== undefined && CURVE_SAMPLES.every((x) => {
      const y = toneCurve(profile, at, x);
      return y !== undefined && Math.abs(y - srgbToLinear(x)) <= CURVE_TOLERANCE;
    });
  });
}

/** A 'curv' or 'para' tone curve (ICC.1:2010 §10.5, §10.16) at `x` (0-1); undefined for another type. */
function toneCurve(profile: Uint8Array, at: number, x: number): number | undefined {
  const type = ascii(profile, at, 4);
  if (type === 'curv') {
    const count = u32(profile, at + 8);
    if (count === 0) return x;
    if (count === 1) return x ** (u16(profile, at + 12) / 256);
    const position = x * (count - 1);
    const i = Math.min(count - 2, Math.floor(position));
    const entry = (k: number): number => u16(profile, at + 12 + 2 * k) / 65535;
    return entry(i) + (entry(i + 1) - entry(i)) * (position - i);
  }
  if (type !== 'para') return undefined;
  const fn = u16(profile, at + 8);
  const p = (k: number): number => s15Fixed16(profile, at + 12 + 4 * k);
  const g = p(0);
  if (fn === 0) return x ** g;
  const [a, b] = [p(1), p(2)];
  const power = (offset: number): number => Math.max(0, a * x + b) ** g + offset;
  switch (fn) {
    case 1: return x >= -b / a ? power(0) : 0;
    case 2: return x >= -b / a ? power(p(3)) : p(3);
    case 3: return x >= p(4) ? power(0) : p(3) * x;
    case 4: return x >= p(4) ? power(p(5)) : p(3) * x + p(6);
    default: return undefined;
  }
}
