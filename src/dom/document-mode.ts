/**
 * The document's mode (HTML §13.2.6.4.1, "the initial insertion mode"): what its DOCTYPE, or the
 * lack of one, says about the CSS it was written for. A document without `<!DOCTYPE html>` is in
 * quirks mode, and Chromium lays it out with the quirks of the Quirks Mode Standard — the pages
 * of a template written without a doctype were tuned to them.
 */
import type { DomNode, DomRoot } from './types.js';

export type DocumentMode = 'no-quirks' | 'limited-quirks' | 'quirks';

/** Public identifiers a doctype starts with that put the document in quirks mode (compared without case). */
const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//', '-//as//dtd html 3.0 aswedit + extensions//',
  '-//advasoft ltd//dtd html 3.0 aswedit + extensions//', '-//ietf//dtd html 2.0 level 1//', '-//ietf//dtd html 2.0 level 2//',
  '-//ietf//dtd html 2.0 strict level 1//', '-//ietf//dtd html 2.0 strict level 2//', '-//ietf//dtd html 2.0 strict//',
  '-//ietf//dtd html 2.0//', '-//ietf//dtd html 2.1e//', '-//ietf//dtd html 3.0//', '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//', '-//ietf//dtd html 3//', '-//ietf//dtd html level 0//', '-//ietf//dtd html level 1//',
  '-//ietf//dtd html level 2//', '-//ietf//dtd html level 3//', '-//ietf//dtd html strict level 0//',
  '-//ietf//dtd html strict level 1//', '-//ietf//dtd html strict level 2//', '-//ietf//dtd html strict level 3//',
  '-//ietf//dtd html strict//', '-//ietf//dtd html//', '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//', '-//microsoft//dtd internet explorer 2.0 html//',
  '-//microsoft//dtd internet explorer 2.0 tables//', '-//microsoft//dtd internet explorer 3.0 html strict//',
  '-//microsoft//dtd internet explorer 3.0 html//', '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//', '-//netscape comm. corp.//dtd strict html//',
  "-//o'reilly and associates//dtd html 2.0//", "-//o'reilly and associates//dtd html extended 1.0//",
  "-//o'reilly and associates//dtd html extended relaxed 1.0//", '-//sq//dtd html 2.0 hotmetal + extensions//',
  '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//', '-//spyglass//dtd html 2.0 extended//',
  '-//sun microsystems corp.//dtd hotjava html//', '-//sun microsystems corp.//dtd hotjava strict html//',
  '-//w3c//dtd html 3 1995-03-24//', '-//w3c//dtd html 3.2 draft//', '-//w3c//dtd html 3.2 final//', '-//w3c//dtd html 3.2//',
  '-//w3c//dtd html 3.2s draft//', '-//w3c//dtd html 4.0 frameset//', '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//', '-//w3c//dtd html experimental 970421//', '-//w3c//dtd w3 html//',
  '-//w3o//dtd w3 html 3.0//', '-//webtechs//dtd mozilla html 2.0//', '-//webtechs//dtd mozilla html//',
];
const QUIRKS_PUBLIC_IDS = new Set(['-//w3o//dtd w3 html strict 3.0//en//', '-/w3c/dtd html 4.0 transitional/en', 'html']);
const QUIRKS_SYSTEM_ID = 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd';
/** HTML 4.01's loose DTDs: quirks without a system identifier, limited quirks with one. */
const HTML401_LOOSE = ['-//w3c//dtd html 4.01 frameset//', '-//w3c//dtd html 4.01 transitional//'];
const XHTML10_LOOSE = ['-//w3c//dtd xhtml 1.0 frameset//', '-//w3c//dtd xhtml 1.0 transitional//'];

/** The doctype token's fields (HTML §13.2.5.54–.69); `forceQuirks` when the doctype is malformed. */
export interface DoctypeToken {
  readonly name: string | undefined;
  readonly publicId: string | undefined;
  readonly systemId: string | undefined;
  readonly forceQuirks: boolean;
}

/** The mode of a parsed document: its doctype must come before any element or text. */
export function documentMode(root: DomRoot): DocumentMode {
  const first = root.children.find((node) => !isSkipped(node));
  if (first?.type !== 'directive' || !/^!doctype/i.test(first.data)) return 'quirks';
  return modeOf(parseDoctype(first.data.slice('!doctype'.length)));
}

function isSkipped(node: DomNode): boolean {
  return node.type === 'comment' || (node.type === 'text' && /^[ \t\n\f\r]*$/.test(node.data));
}

export function modeOf(token: DoctypeToken): DocumentMode {
  const publicId = token.publicId?.toLowerCase();
  const systemId = token.systemId?.toLowerCase();
  if (token.forceQuirks || token.name !== 'html') return 'quirks';
  if (publicId !== undefined && (QUIRKS_PUBLIC_IDS.has(publicId) || QUIRKS_PUBLIC_PREFIXES.some((p) => publicId.startsWith(p)))) return 'quirks';
  if (systemId === QUIRKS_SYSTEM_ID) return 'quirks';
  const loose401 = publicId !== undefined && HTML401_LOOSE.some((p) => publicId.startsWith(p));
  if (loose401 && systemId === undefined) return 'quirks';
  if (loose401 || (publicId !== undefined && XHTML10_LOOSE.some((p) => publicId.startsWith(p)))) return 'limited-quirks';
  return 'no-quirks';
}

/**
 * The doctype's name and identifiers from what follows `<!DOCTYPE` (htmlparser2 keeps the text
 * of the declaration): `html PUBLIC "…" "…"` or `html SYSTEM "…"`. A keyword or identifier that
 * is not where the tokenizer expects it sets force-quirks, as the tokenizer's errors do.
 */
export function parseDoctype(text: string): DoctypeToken {
  let rest = text.trimStart();
  const name = /^[^ \t\n\f\r]+/.exec(rest)?.[0];
  if (name === undefined) return { name: undefined, publicId: undefined, systemId: undefined, forceQuirks: true };
  rest = rest.slice(name.length).trimStart();
  const lower = name.toLowerCase();
  if (rest === '') return { name: lower, publicId: undefined, systemId: undefined, forceQuirks: false };
  const keyword = /^(public|system)/i.exec(rest)?.[1]?.toLowerCase();
  if (keyword === undefined) return { name: lower, publicId: undefined, systemId: undefined, forceQuirks: true };
  rest = rest.slice(keyword.length).trimStart();
  const first = quoted(rest);
  if (first === undefined) return { name: lower, publicId: undefined, systemId: undefined, forceQuirks: true };
  rest = first.rest.trimStart();
  if (keyword === 'system') return { name: lower, publicId: undefined, systemId: first.value, forceQuirks: rest !== '' };
  if (rest === '') return { name: lower, publicId: first.value, systemId: undefined, forceQuirks: false };
  const second = quoted(rest);
  if (second === undefined) return { name: lower, publicId: first.value, systemId: undefined, forceQuirks: true };
  return { name: lower, publicId: first.value, systemId: second.value, forceQuirks: false };
}

function quoted(text: string): { value: string; rest: string } | undefined {
  const quote = text[0];
  if (quote !== '"' && quote !== "'") return undefined;
  const end = text.indexOf(quote, 1);
  // an identifier the declaration's end cuts off is an error: force-quirks (HTML §13.2.5.58)
  if (end < 0) return undefined;
  return { value: text.slice(1, end), rest: text.slice(end + 1) };
}
