/**
 * SVG conditional processing (SVG 2 §5.7): an element whose `requiredExtensions` or
 * `systemLanguage` test fails is not drawn, and a `<switch>` draws only its first child that
 * passes. draw.io writes every label as `<switch><foreignObject requiredFeatures=…>` (the HTML)
 * followed by a `<text>` for viewers without HTML: with `<foreignObject>` drawn, the `<text>`
 * must not be drawn over it. As in Chromium: `requiredFeatures` (dropped by SVG 2) passes, the
 * extensions known are HTML's and MathML's namespaces, and the user's language is English.
 */
import type { DomElement } from './types.js';
import { isElement } from './types.js';

const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set(['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML']);
/** The language of octavo's user, as Chromium's with an English locale matches it (a two-letter prefix of `en-US`). */
const USER_LANGUAGE = 'en-us';
/** What a `<switch>` skips when it looks for the child to draw. */
const DESCRIPTIVE: ReadonlySet<string> = new Set(['title', 'desc', 'metadata']);

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

/** Whether the element passes its conditional attributes (any element; one without them passes). */
export function passesConditions(element: DomElement): boolean {
  const extensions = element.attribs['requiredExtensions'];
  if (extensions !== undefined && !listOf(extensions, /\s+/).every((extension) => KNOWN_EXTENSIONS.has(extension))) return false;
  if (extensions !== undefined && extensions.trim() === '') return false;
  const languages = element.attribs['systemLanguage'];
  if (languages !== undefined && !listOf(languages, /\s*,\s*/).some(matchesUser)) return false;
  return true;
}

/**
 * The child a `<switch>` draws: the first element that passes its conditions, descriptive
 * elements skipped, and those `drawable` refuses — a `<foreignObject>` whose HTML octavo does not
 * lay out (in an SVG image), so that the `<text>` after it is drawn, as by a viewer without HTML.
 */
export function switchChild(element: DomElement, drawable: (child: DomElement) => boolean): DomElement | undefined {
  for (const child of element.children) {
    if (isElement(child) && !DESCRIPTIVE.has(localName(child)) && passesConditions(child) && drawable(child)) return child;
  }
  return undefined;
}

function listOf(value: string, separator: RegExp): string[] {
  return value.trim().split(separator).filter((item) => item !== '');
}

/** BCP 47 prefix matching, as Chromium does it: `en` and `en-US` match an English user, `en-GB` and `fr` do not. */
function matchesUser(language: string): boolean {
  const lower = language.toLowerCase();
  return USER_LANGUAGE === lower || USER_LANGUAGE.startsWith(`${lower}-`);
}
