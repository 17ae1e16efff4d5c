/**
 * Cache keys of a FontRequest, computed once per request object (layout reuses the request of a
 * style for every word, see request.ts).
 */
import type { FontRequest } from './types.js';

export interface RequestKeys {
  /** What font matching depends on: families, weight, style, stretch, CJK locale and script language (never the size: catalog.ts). */
  readonly match: string;
  /** What a variable font's instance depends on besides those: the size (for `opsz`, unless optical sizing is off) and `font-variation-settings`. */
  readonly variation: string;
  /** Size and its adjustment, features (canonical, sorted), small-caps synthesis and the OpenType language systems. */
  readonly rendering: string;
  /** Features as fontkit takes them: tag -> on/off. */
  readonly features: Readonly<Record<string, boolean>>;
  readonly featuresKey: string;
}

const memo = new WeakMap<FontRequest, RequestKeys>();

export function requestKeys(request: FontRequest): RequestKeys {
  let keys = memo.get(request);
  if (keys === undefined) {
    keys = computeKeys(request);
    memo.set(request, keys);
  }
  return keys;
}

function computeKeys(request: FontRequest): RequestKeys {
  const tags = Object.keys(request.features).sort();
  const features: Record<string, boolean> = {};
  const parts: string[] = [];
  for (const tag of tags) {
    const value = request.features[tag] as number;
    features[tag] = value !== 0;
    parts.push(`${tag}=${value}`);
  }
  const featuresKey = parts.join(',');
  const families = request.families.map((family) => family.trim().toLowerCase()).join('\u0001');
  return {
    match: `${families}\u0002${request.weight}\u0002${request.style}\u0002${request.stretch}${request.cjkLocale === undefined ? '' : `\u0002${request.cjkLocale}`}${request.scriptLanguage === undefined ? '' : `\u0002${request.scriptLanguage.language}`}${synthesisKey(request)}`,
    variation: `${request.opticalSizing === false ? 'no-opsz' : request.size}\u0002${variationsKey(request)}`,
    rendering: `${request.size}${sizeAdjustKey(request)}\u0002${featuresKey}\u0002${request.caps ?? ''}\u0002${request.vertical ?? ''}${request.synthesis?.smallCaps === false ? '\u0002no-caps-synthesis' : ''}${request.language === undefined ? '' : `\u0002lang:${request.language.key}`}`,
    features: Object.freeze(features),
    featuresKey,
  };
}

function sizeAdjustKey(request: FontRequest): string {
  const adjust = request.sizeAdjust;
  return adjust === undefined ? '' : `\u0003${adjust.metric}=${adjust.value}`;
}

function synthesisKey(request: FontRequest): string {
  const synthesis = request.synthesis;
  return synthesis === undefined || (synthesis.weight && synthesis.style) ? '' : `\u0002synthesis:${synthesis.weight ? 'w' : ''}${synthesis.style ? 's' : ''}`;
}

function variationsKey(request: FontRequest): string {
  return request.variations === undefined ? '' : request.variations.map(({ tag, value }) => `${tag}=${value}`).join(',');
}
