/**
 * Per-character font fallback (CSS Fonts 4 §5.2 steps 5-7): splits a text into runs of clusters
 * drawn with the same face. A cluster is a base character with the marks, joiners and variation
 * selectors that follow it; it is never split between faces. Invisible controls and format
 * characters take the face of their neighbours so they never break a run.
 */
import type { FontFace } from './types.js';
import type { Resolution } from './catalog.js';
import { isVariationSelector } from './code-points.js';

export interface FaceSegment {
  readonly text: string;
  readonly face: FontFace;
}

export interface Segmentation {
  readonly segments: readonly FaceSegment[];
  /** Characters no font has (drawn as .notdef of the primary face), in order, distinct. */
  readonly missing: readonly number[];
}

type CharClass = 'base' | 'extend' | 'transparent';

const MARK = /\p{M}/u;
const FORMAT_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

/** How a character takes part in clusters. */
export function charClass(cp: number): CharClass {
  if (cp >= 0x20 && cp < 0x7f) return 'base';
  if (cp === 0x200d || isVariationSelector(cp)) return 'extend';
  if (cp >= 0x1f3fb && cp <= 0x1f3ff) return 'extend'; // emoji skin-tone modifiers
  if (cp >= 0xe0020 && cp <= 0xe007f) return 'extend'; // emoji tag sequences
  const ch = String.fromCodePoint(cp);
  if (MARK.test(ch)) return 'extend';
  if (FORMAT_OR_CONTROL.test(ch) || cp === 0x034f || cp === 0x115f || cp === 0x1160 || cp === 0x3164) return 'transparent';
  return 'base';
}

interface Cluster {
  start: number;
  end: number;
  codePoints: number[];
  transparent: boolean;
  face: FontFace | undefined;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const isPictographic = (cp: number): boolean => cp >= 0xa9 && PICTOGRAPHIC.test(String.fromCodePoint(cp));

/**
 * Whether `cp` continues the emoji sequence `codePoints` (UAX #29 GB11, GB12-13): a pictograph after
 * a ZWJ that follows a pictograph (👩‍💻), the second regional indicator of a flag (🇫🇷).
 */
function continuesEmoji(codePoints: readonly number[], cp: number): boolean {
  const first = codePoints[0] as number;
  if (isRegionalIndicator(cp)) return codePoints.length === 1 && isRegionalIndicator(first);
  return codePoints[codePoints.length - 1] === 0x200d && isPictographic(first) && isPictographic(cp);
}

/**
 * Whether a cluster asks for emoji presentation (UTS #51 §4): not with VS15; with VS16, a skin-tone
 * modifier, a keycap, a tag sequence, a ZWJ sequence or a flag; or a character whose default is
 * emoji presentation (😀, ⌚). Text-presentation characters alone (©, ❤) keep the text fonts.
 */
export function wantsEmojiPresentation(codePoints: readonly number[]): boolean {
  const first = codePoints[0] as number;
  if (first < 0x23 || codePoints.includes(0xfe0e)) return false;
  for (const cp of codePoints) {
    if (cp === 0xfe0f || cp === 0x20e3 || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f)) return true;
  }
  if (isRegionalIndicator(first)) return codePoints.length === 2;
  return first >= 0x231a && (EMOJI_PRESENTATION.test(String.fromCodePoint(first)) || (codePoints.includes(0x200d) && isPictographic(first)));
}

function clustersOf(text: string): Cluster[] {
  const clusters: Cluster[] = [];
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const kind = charClass(cp);
    const last = clusters[clusters.length - 1];
    const end = index + ch.length;
    if (last && !last.transparent && (kind === 'extend' || continuesEmoji(last.codePoints, cp))) {
      last.codePoints.push(cp);
      last.end = end;
    } else {
      clusters.push({ start: index, end, codePoints: [cp], transparent: kind === 'transparent', face: undefined });
    }
    index = end;
  }
  return clusters;
}


/** Invisible in shaping terms: only the joiners and selectors that need a glyph-less check. */
function visibleCodePoints(codePoints: readonly number[]): number[] {
  return codePoints.filter((cp) => !isVariationSelector(cp) && (charClass(cp) !== 'extend' || MARK.test(String.fromCodePoint(cp))));
}

/** Splits `text` into runs of one face each, falling back per cluster through the resolution. */
export function segmentByFace(text: string, resolution: Resolution): Segmentation {
  const single = singleFace(text, resolution);
  if (single !== undefined) return { segments: [{ text, face: single }], missing: [] };
  const clusters = clustersOf(text);
  const missing: number[] = [];
  let previous: FontFace | undefined;
  for (const cluster of clusters) {
    if (cluster.transparent) continue;
    const wanted = visibleCodePoints(cluster.codePoints);
    const emoji = wantsEmojiPresentation(cluster.codePoints);
    // an emoji sequence goes to the colour font as a unit; a text-presentation one only when no text font has it
    const face = (emoji ? resolution.colorFaceFor(cluster.codePoints) : undefined)
      ?? resolution.faceFor(wanted.length > 0 ? wanted : cluster.codePoints.slice(0, 1), previous)
      ?? (emoji || !isPictographic(cluster.codePoints[0] as number) ? undefined : resolution.colorFaceFor(cluster.codePoints));
    previous = face;
    if (face) cluster.face = face;
    else {
      cluster.face = resolution.primary;
      for (const cp of wanted) if (!missing.includes(cp)) missing.push(cp);
    }
  }
  assignTransparentFaces(clusters, resolution.primary);
  return { segments: mergeClusters(text, clusters), missing };
}

/**
 * The common case without allocation: every character is printable ASCII or a simple
 * base character, and one face has them all.
 */
function singleFace(text: string, resolution: Resolution): FontFace | undefined {
  let face: FontFace | undefined;
  const one: number[] = [0];
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdfff) return undefined;
    if (cp >= 0x7f && charClass(cp) !== 'base') return undefined;
    if (cp >= 0x231a && EMOJI_PRESENTATION.test(String.fromCharCode(cp))) return undefined;
    if (cp < 0x20) return undefined;
    one[0] = cp;
    const found = resolution.faceFor(one);
    if (found === undefined || (face !== undefined && found !== face)) return undefined;
    face = found;
  }
  return face;
}

/** A transparent cluster joins the run before it, or at the start of the text the one after it. */
function assignTransparentFaces(clusters: Cluster[], primary: FontFace): void {
  let previous: FontFace | undefined;
  for (const cluster of clusters) {
    if (cluster.transparent) cluster.face = previous;
    else previous = cluster.face;
  }
  let next: FontFace | undefined;
  for (let i = clusters.length - 1; i >= 0; i--) {
    const cluster = clusters[i] as Cluster;
    if (cluster.face === undefined) cluster.face = next ?? primary;
    next = cluster.face;
  }
}

function mergeClusters(text: string, clusters: readonly Cluster[]): FaceSegment[] {
  const segments: FaceSegment[] = [];
  let start = 0;
  for (let i = 0; i < clusters.length; i++) {
    const cluster = clusters[i] as Cluster;
    const following = clusters[i + 1];
    if (following === undefined || following.face !== cluster.face) {
      segments.push({ text: text.slice(start, cluster.end), face: cluster.face as FontFace });
      start = cluster.end;
    }
  }
  return segments;
}
