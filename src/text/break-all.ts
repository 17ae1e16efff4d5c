/**
 * The break opportunities `word-break: break-all` adds to the normal ones (CSS Text 3 §5.2:
 * "breaking is allowed within words"), as Chromium 156 decides them: from the UAX #14 classes of
 * the two characters around the point, read in Blink's `kBreakAllLineBreakClassTable`
 * (text_break_iterator.cc), which adds a break only between letters, digits and the punctuation
 * that may end or start a word. So a line breaks between any two letters, before a hyphen, an
 * opening bracket or a currency sign, and after a closing bracket or a stop; never next to a
 * quotation mark, after an opening bracket or `$ \`, before a closing bracket or `: ; , . ! ? / %`,
 * nor right after a combining mark where Chromium searches back from where a line overflows (its
 * search reads the code point right before the point). Where no break fits and Chromium looks
 * forward from the line's start for the first one, a mark takes the place of nothing — the kind
 * before it stands, as in Blink's NextBreakablePosition —: `हिन्दी` in a box too narrow for any of
 * it breaks after `हि` and after `न्`. `+` counts as a letter there (as Internet Explorer did).
 *
 * Measured in Chromium 156 (9ch wide, `abcdef:{"ghijklmn`): `abcdef:` / `{"ghijklm` / `n`.
 */
import LineBreaker from 'linebreak';
import { isComplexContext } from './breaks.js';
import { codePointBefore } from '../append-all.js';

/** What the table tells apart; the UAX #14 classes in each, as ICU names them. */
const OTHER = 0; // ID, QU, IN, B2, GL, NS, CM, XX… and the unambiguous hyphens (HH): nothing added
const LETTER = 1; // AL, AI, HL, BA (the table has the same row and column for these)
const COMPLEX = 2; // SA (Thai, Lao, Khmer, Myanmar…)
const SYMBOL = 3; // SY `/`
const NUMBER = 4; // NU
const CLOSE = 5; // CL
const CLOSE_PAREN = 6; // CP
const EXCLAMATION = 7; // EX
const POSTFIX = 8; // PO
const INFIX = 9; // IS
const HYPHEN = 10; // HY `-`
const PREFIX = 11; // PR
const OPEN = 12; // OP
const MARK = 13; // CM: adds nothing after it where Chromium searches back; the kind before it stands where it searches forward

const bit = (...kinds: number[]): number => kinds.reduce((mask, kind) => mask | (1 << kind), 0);

/** Per kind before a point, the kinds after it that add a break (bits). */
const ADDS: readonly number[] = (() => {
  const rows = new Array<number>(MARK + 1).fill(0);
  const word = bit(LETTER, HYPHEN, NUMBER, OPEN, PREFIX, COMPLEX);
  rows[LETTER] = rows[COMPLEX] = rows[SYMBOL] = rows[NUMBER] = word;
  rows[CLOSE] = bit(LETTER, HYPHEN, NUMBER, PREFIX);
  rows[CLOSE_PAREN] = bit(LETTER, HYPHEN, NUMBER, PREFIX, COMPLEX);
  rows[EXCLAMATION] = rows[POSTFIX] = bit(LETTER, HYPHEN, NUMBER, POSTFIX, PREFIX);
  rows[INFIX] = bit(LETTER, HYPHEN, NUMBER);
  rows[HYPHEN] = bit(NUMBER);
  rows[PREFIX] = bit(POSTFIX);
  return rows;
})();

/**
 * The linebreak package's class numbers (its classes.js) and the kinds they are. The package gives
 * AI, SA and XX as AL: SA is told apart by its blocks, XX only matters for the private use areas.
 */
const PACKAGE_KINDS: readonly number[] = (() => {
  const kinds = new Array<number>(43).fill(OTHER);
  kinds[0] = OPEN;
  kinds[1] = CLOSE;
  kinds[2] = CLOSE_PAREN;
  kinds[6] = EXCLAMATION;
  kinds[7] = SYMBOL;
  kinds[8] = INFIX;
  kinds[9] = PREFIX;
  kinds[10] = POSTFIX;
  kinds[11] = NUMBER;
  kinds[12] = LETTER; // AL
  kinds[13] = LETTER; // HL
  kinds[16] = HYPHEN;
  kinds[17] = LETTER; // BA
  kinds[21] = MARK; // CM
  return kinds;
})();
const PACKAGE_AL = 12;

/** Unicode 17 moved these from BA to HH (Unambiguous_Hyphen), which Chromium's table leaves out: ֊ ־ ᐀ ‐ ‒ – ⸗ ⹀ ⹝. */
function isUnambiguousHyphen(code: number): boolean {
  return code === 0x058a || code === 0x05be || code === 0x1400 || code === 0x2010 || code === 0x2012 || code === 0x2013
    || code === 0x2e17 || code === 0x2e40 || code === 0x2e5d || code === 0x10d6e || code === 0x10ead;
}

function isPrivateUse(code: number): boolean {
  return (code >= 0xe000 && code <= 0xf8ff) || code >= 0xf0000;
}

/** Kinds of the Basic Multilingual Plane, filled as met (kind + 1; 0 not read yet). */
const bmpKinds = new Uint8Array(0x10000);
const astralKinds = new Map<number, number>();

function kindOf(code: number): number {
  if (code === 0x2b) return LETTER; // `+`: Blink's tailoring for break-all
  if (code < 0x10000) {
    const known = bmpKinds[code]!;
    if (known !== 0) return known - 1;
    const kind = readKind(code);
    bmpKinds[code] = kind + 1;
    return kind;
  }
  let kind = astralKinds.get(code);
  if (kind === undefined) astralKinds.set(code, (kind = readKind(code)));
  return kind;
}

/** The kind from the package's class of the code point (the class trie it breaks with; see vendor.d.ts). */
function readKind(code: number): number {
  if (isUnambiguousHyphen(code) || isPrivateUse(code) || code === 0xad) return OTHER; // a soft hyphen is a hyphenation opportunity, not this
  const packageClass = new LineBreaker(String.fromCodePoint(code)).nextCharClass();
  if (packageClass === PACKAGE_AL && isComplexContext(code)) return COMPLEX;
  return PACKAGE_KINDS[packageClass] ?? OTHER;
}

/** Whether `word-break: break-all` adds a break at `at` of `text` (between text[at - 1] and text[at]). */
export function breakAllAddsBreak(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  const after = text.codePointAt(at)!;
  if (after >= 0xdc00 && after <= 0xdfff) return false; // inside a surrogate pair
  return (ADDS[kindOf(codePointBefore(text, at)!)]! & (1 << kindOf(after))) !== 0;
}

/**
 * The points strictly between `from` and `to` where `word-break: break-all` adds a break,
 * ascending; `forward`: as Chromium finds them looking forward (the first break of a line where
 * none fits, min-content widths), a point after a combining mark judged by what it combines with.
 */
export function breakAllPoints(text: string, from: number, to: number, forward = false): number[] {
  const points: number[] = [];
  let before = from < to ? kindOf(text.codePointAt(from)!) : OTHER;
  for (let at = from + (text.codePointAt(from)! > 0xffff ? 2 : 1); at < to;) {
    const code = text.codePointAt(at)!;
    const kind = kindOf(code);
    if ((ADDS[before]! & (1 << kind)) !== 0) points.push(at);
    if (!forward || kind !== MARK) before = kind;
    at += code > 0xffff ? 2 : 1;
  }
  return points;
}
