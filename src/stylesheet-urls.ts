/**
 * How a URL written in a stylesheet resolves (CSS Values 4 §4.5): against the sheet's URL. A sheet
 * fetched from the web reaches only the web and `data:` (as browsers refuse a page from the web
 * its `file:` URLs): a URL of any other scheme it names, written so or reached through `../`, is
 * kept as `refused:URL`, which no loader reads (resources/load.ts says why in a warning). Shared by
 * the CSS parser and by the warnings that locate a URL in its stylesheet (dom/url-origins.ts).
 */

const REFUSED = 'refused:';
const WEB = /^https?:/i;

export function resolveStylesheetUrl(raw: string, baseUrl: string | undefined): string {
  if (raw.startsWith('data:')) return raw;
  let resolved: string;
  try {
    resolved = baseUrl !== undefined ? new URL(raw, baseUrl).href : new URL(raw).href;
  } catch {
    return raw;
  }
  return baseUrl !== undefined && WEB.test(baseUrl) && !WEB.test(resolved) ? `${REFUSED}${resolved}` : resolved;
}

/** The URL a remote stylesheet named and may not reach, for `refused:URL`; else undefined. */
export function refusedStylesheetUrl(url: string): string | undefined {
  return url.startsWith(REFUSED) ? url.slice(REFUSED.length) : undefined;
}
