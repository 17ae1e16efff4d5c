/**
 * Responsive images (HTML §4.8.4.3 "select an image source"): the candidate of an `<img>`'s
 * `srcset` (or of the first `<source>` of its `<picture>` whose `media` matches and whose `type`
 * octavo decodes) that a browser printing at one device pixel per CSS px chooses — the smallest
 * density of at least 1, else the largest — as Chromium 156 prints. Width descriptors are divided
 * by the `sizes` length (the first entry whose condition matches the page area; 100vw without
 * one). The image's natural size is divided by its density (`f.png 2x` is drawn at half its pixels).
 */
import type { MediaContext } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { DECODED_IMAGE_TYPES } from '../css/values/image-set.js';

export interface ChosenImage {
  readonly url: string;
  /** Image pixels per CSS px. */
  readonly density: number;
}


/** The image an `<img>` shows, undefined when it names none. */
export function chooseImage(img: DomElement, env: MediaContext): ChosenImage | undefined {
  const parent = img.parent;
  if (parent !== null && isElement(parent) && parent.name === 'picture') {
    for (const source of parent.children) {
      if (source === img) break;
      if (!isElement(source) || source.name !== 'source') continue;
      const media = source.attribs['media'];
      const type = source.attribs['type']?.trim().toLowerCase();
      if ((media !== undefined && media.trim() !== '' && !env.matchesMedia(media)) || (type !== undefined && type !== '' && !DECODED_IMAGE_TYPES.has(type))) continue;
      const chosen = fromSet(source.attribs['srcset'], source.attribs['sizes'], undefined, env);
      if (chosen !== undefined) return chosen;
    }
  }
  return fromSet(img.attribs['srcset'], img.attribs['sizes'], img.attribs['src'], env);
}

interface Candidate {
  readonly url: string;
  readonly width?: number;
  readonly density?: number;
}

function fromSet(srcset: string | undefined, sizes: string | undefined, src: string | undefined, env: MediaContext): ChosenImage | undefined {
  const candidates = srcset === undefined ? [] : parseSrcset(srcset);
  const fallback = src?.trim();
  const byWidth = candidates.some((c) => c.width !== undefined);
  if (fallback !== undefined && fallback !== '' && !byWidth && !candidates.some((c) => (c.density ?? 1) === 1)) candidates.push({ url: fallback });
  if (candidates.length === 0) return undefined;
  const slot = byWidth ? sourceSize(sizes, env) : 1;
  const dense = candidates
    .map((c) => ({ url: c.url, density: c.width !== undefined ? c.width / slot : c.density ?? 1 }))
    .filter((c) => c.density > 0 && Number.isFinite(c.density))
    .sort((a, b) => a.density - b.density);
  return dense.find((c) => c.density >= 1) ?? dense[dense.length - 1];
}

/** HTML §4.8.4.3.10 "parse a srcset attribute": URLs (commas inside them kept) and their descriptors. */
export function parseSrcset(text: string): Candidate[] {
  const out: Candidate[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /[\s,]/.test(text[at]!)) at++;
    if (at >= text.length) break;
    const start = at;
    while (at < text.length && !/\s/.test(text[at]!)) at++;
    let url = text.slice(start, at);
    let descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const read = readDescriptors(text, at);
      descriptors = read.descriptors;
      at = read.end;
    }
    const candidate = withDescriptors(url, descriptors);
    if (candidate !== undefined) out.push(candidate);
  }
  return out;
}

function readDescriptors(text: string, from: number): { descriptors: string[]; end: number } {
  const descriptors: string[] = [];
  let current = '';
  let depth = 0;
  let at = from;
  for (; at < text.length; at++) {
    const char = text[at]!;
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && char === ',') {
      at++;
      break;
    }
    if (depth === 0 && /\s/.test(char)) {
      if (current !== '') descriptors.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current !== '') descriptors.push(current);
  return { descriptors, end: at };
}

/** A candidate with at most one width or density (and an ignored height); undefined when invalid. */
function withDescriptors(url: string, descriptors: readonly string[]): Candidate | undefined {
  if (url === '') return undefined;
  let candidate: Candidate = { url };
  for (const descriptor of descriptors) {
    const match = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)([wxh])$/i.exec(descriptor);
    if (match === null) return undefined;
    const value = Number(match[1]);
    const kind = match[2]!.toLowerCase();
    if (kind === 'w' && candidate.width === undefined && candidate.density === undefined && Number.isInteger(value) && value > 0) candidate = { ...candidate, width: value };
    else if (kind === 'x' && candidate.width === undefined && candidate.density === undefined && value >= 0) candidate = { ...candidate, density: value };
    else if (kind !== 'h') return undefined;
  }
  return candidate;
}

/** The `sizes` length in px: the first entry whose media condition matches (HTML §4.8.4.3.11). */
function sourceSize(sizes: string | undefined, env: MediaContext): number {
  for (const entry of (sizes ?? '').split(',')) {
    const trimmed = entry.trim();
    const match = /^(.*?)\s*((?:\d+\.?\d*|\.\d+)(?:px|vw|vh|em|rem)|0)$/i.exec(trimmed);
    if (match === null) continue;
    const condition = match[1]!.trim();
    if (condition !== '' && !env.matchesMedia(condition)) continue;
    return lengthOf(match[2]!.toLowerCase(), env);
  }
  return env.viewportWidth;
}

function lengthOf(length: string, env: MediaContext): number {
  const value = Number.parseFloat(length);
  if (length.endsWith('vw')) return (value * env.viewportWidth) / 100;
  if (length.endsWith('vh')) return (value * env.viewportHeight) / 100;
  if (length.endsWith('em')) return value * 16;
  return value;
}
