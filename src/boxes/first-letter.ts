/**
 * ::first-letter (CSS Pseudo 4 §2.2): the first letter of a block container's first formatted
 * line, with the punctuation before and after it, in a box of its own style: an inline box, or a
 * float (a drop cap). The letter may sit in an inline descendant (`<p><b>Lorem`), in the first
 * in-flow block descendant (`div::first-letter` over `<div><p>Lorem`) or in a ::before's text; the
 * pseudo-element's style inherits from the element whose text it takes, as in the spec's fictional
 * tag sequence (`<p><b><p::first-letter>L</p::first-letter>orem</b>`).
 */
import type { ComputedStyle, ElementPseudoStyles, StyledDocument } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { BlockBox, Box, BoxElement, InlineLevelBox, TextBox } from './types.js';
import { preservesNewlines, preservesSpaces } from './whitespace.js';
import { graphemeSegmenter } from '../graphemes.js';

/** The style of the letter's box for a given parent (StyledDocument.firstLetterStyle), already `inline` or, floated, `block`. */
type FirstLetterStyle = (parent: ComputedStyle) => ComputedStyle | undefined;

/**
 * Punctuation (quotes, brackets, other: not dashes or connectors), the first other character as
 * a whole grapheme cluster (its combining marks, a flag's two halves, an emoji with its skin tone
 * or its joined sequence, a Devanagari conjunct), then the punctuation right after it; a space
 * ends it (`“ A` has none). As Chromium takes it (FirstLetterPseudoElement::FirstLetterLength):
 * `—Yes` styles the dash, and a flag is one letter — split after its first half, neither half had
 * a glyph.
 */
function firstLetterOf(text: string): string | undefined {
  const before = PUNCTUATION_RUN.exec(text)![0].length;
  const rest = text.slice(before);
  // the run took every punctuation mark before it: a space (or nothing) is all that can stop it here
  if (rest === '' || /^\s/u.test(rest)) return undefined;
  const cluster = graphemeSegmenter().segment(rest)[Symbol.iterator]().next().value!.segment;
  const after = PUNCTUATION_RUN.exec(rest.slice(cluster.length))![0].length;
  return text.slice(0, before + cluster.length + after);
}

const PUNCTUATION_RUN = /^[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]*/u;

/**
 * What the search found in a list of boxes: a new list, nothing yet (go on), a first line that
 * does not begin with a letter, or a new list whose letter box holds a text of punctuation alone
 * (`PunctuationOnly`), which stands as the letter only where more of the line follows it.
 */
type Found = readonly Box[] | 'none' | 'stop' | PunctuationOnly;

/**
 * A text of punctuation alone taken as the letter, as Chromium takes it when the line goes on
 * after it: a `::before { content: open-quote }` or `<span>“</span>` before the paragraph's text
 * is the drop cap by itself; a line of `“”` alone has no first letter.
 */
interface PunctuationOnly {
  readonly boxes: readonly Box[];
}

const PUNCTUATION = /^[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]+$/u;

const isPunctuationOnly = (found: Found): found is PunctuationOnly => typeof found === 'object' && 'boxes' in found;

/** Whether a box of a list says something on the line: not white space alone. */
const saysSomething = (box: Box): boolean => box.kind !== 'text' || box.text.trim() !== '';

/**
 * A block container's children (`pseudos`: its styles) with the first letter
 * taken into its box, when a rule targets its ::first-letter; the same list otherwise, or when
 * its first line does not begin with a letter. `source`: the element's record, for the box.
 */
export function withFirstLetter(styled: StyledDocument, element: DomElement, pseudos: ElementPseudoStyles, children: readonly Box[], source: () => BoxElement): readonly Box[] {
  // row groups, rows and columns hold table parts, not lines
  const display = pseudos.style.display;
  if (pseudos.firstLetter === undefined || (display !== 'table-cell' && display !== 'table-caption' && display.startsWith('table'))) return children;
  const found = split(children, { styleFor: (parent) => styled.firstLetterStyle(element, parent), element: source(), paragraph: pseudos.style });
  return typeof found === 'string' || isPunctuationOnly(found) ? children : found;
}

/** What the search carries: the letter's style, its element's record, and the block whose first line holds it. */
interface Search {
  readonly styleFor: FirstLetterStyle;
  readonly element: BoxElement;
  readonly paragraph: ComputedStyle;
}

function split(children: readonly Box[], search: Search): Found {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const found = splitBox(child, search);
    if (found === 'none') continue;
    if (found === 'stop') return 'stop';
    if (!isPunctuationOnly(found)) return [...children.slice(0, i), ...found, ...children.slice(i + 1)];
    const boxes = [...children.slice(0, i), ...found.boxes, ...children.slice(i + 1)];
    return children.slice(i + 1).some(saysSomething) ? boxes : { boxes };
  }
  return 'none';
}

/** `box` with the children a search made of its own: a list, or still a letter of punctuation alone. */
function rebuilt(found: Exclude<Found, 'none' | 'stop'>, make: (children: readonly Box[]) => Box): readonly Box[] | PunctuationOnly {
  return isPunctuationOnly(found) ? { boxes: [make(found.boxes)] } : [make(found)];
}

/** The boxes that replace `box` when it holds the first letter. */
function splitBox(box: Box, search: Search): Found {
  switch (box.kind) {
    case 'text': return splitText(box, search);
    case 'inline': {
      // a leader or an inside marker is no letter of the line (CSS Pseudo 4 §2.2.1: markers are skipped)
      if (box.leader === true || box.pseudo === 'marker') return 'none';
      if (box.pseudo === 'first-letter') return 'stop';
      const found = split(box.children, search);
      return typeof found === 'string' ? found : rebuilt(found, (children) => ({ ...box, children: children as readonly InlineLevelBox[] }));
    }
    case 'block': {
      if (box.pseudo === 'marker') return 'none';
      // an inline-block is an atomic inline: the line begins with something other than a letter
      if (box.outer !== 'block') return 'stop';
      const found = split(box.children, { ...search, paragraph: box.style });
      // a block's line of punctuation alone ends the search: the first line has no letter
      if (isPunctuationOnly(found)) return 'stop';
      return typeof found === 'string' ? found : [{ ...box, children: found } as Box];
    }
    case 'out-of-flow': return 'none';
    default: return 'stop';
  }
}

function splitText(box: TextBox, { styleFor, element, paragraph }: Search): Found {
  if (box.listSymbol !== undefined) return 'none';
  const start = leadingWhiteSpace(box);
  if (start === box.text.length) return 'none';
  if (start < 0) return 'stop';
  const rest = box.text.slice(start);
  const withLetter = firstLetterOf(rest);
  // punctuation alone is the letter only if the line goes on after it (split)
  const match = withLetter ?? PUNCTUATION.exec(rest)?.[0];
  if (match === undefined) return 'stop';
  const style = styleFor(box.style);
  if (style === undefined) return 'stop';
  const end = start + match.length;
  const letter: TextBox = { kind: 'text', text: match, style, element: undefined, pseudo: 'first-letter' };
  const out: Box[] = [];
  if (start > 0) out.push({ ...box, text: box.text.slice(0, start) });
  const initial = style.initialLetter;
  const float: BlockBox = { kind: 'block', outer: 'block', style, element, pseudo: 'first-letter', children: [letter], inlineContent: true };
  out.push(style.display === 'block'
    ? { kind: 'out-of-flow', scheme: 'float', box: initial === 'normal' ? float : { ...float, initialLetter: { ...initial, paragraph } }, style, element, pseudo: 'first-letter' }
    : { kind: 'inline', style, element, pseudo: 'first-letter', children: [letter] });
  if (end < box.text.length) out.push({ ...box, text: box.text.slice(end) });
  return withLetter === undefined ? { boxes: out } : out;
}

/**
 * How many characters of white space begin the text and collapse away at the start of a line; -1
 * when the line begins with preserved white space (a space of `pre`, a newline of `pre-line`).
 */
function leadingWhiteSpace(box: TextBox): number {
  const text = box.text;
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r' || text[i] === '\f')) i++;
  if (i === 0) return 0;
  if (preservesSpaces(box.style.whiteSpace)) return -1;
  if (preservesNewlines(box.style.whiteSpace) && /[\n\r]/.test(text.slice(0, i))) return i === text.length ? i : -1;
  return i;
}
