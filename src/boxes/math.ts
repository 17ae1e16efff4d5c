/**
 * MathML elements as math boxes (MathML Core §2–3): the `<math>` root and the presentation
 * elements inside it, each naming the math layout it takes (layout/math/). Tokens keep their
 * text as a block container; a single-letter `mi` is set in mathematical italic by mapping its
 * letter to the Mathematical Alphanumeric Symbols (`text-transform: math-auto`, as Chromium does).
 * Elements with the wrong number of children are laid out as a row, with a warning.
 */
import type { ComputedStyle, Display } from '../css/types.js';
import { NO_TEXT_INDENT } from '../css/types.js';
import type { BlockBox, Box, BoxElement, LayoutBox, MathBox, MathLayout, OuterDisplay, TextBox } from './types.js';
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';

export interface MathBuild {
  readonly anonymousStyle: (parent: ComputedStyle, display: Display) => ComputedStyle;
  /** A block container of the inline-level `children` (build.ts blockBox: anonymous blocks, white space). */
  readonly block: (style: ComputedStyle, children: readonly Box[]) => BlockBox;
  /** An `html` warning at the element of `at`. */
  readonly warn: (message: string, at: BoxElement) => void;
  /** The kinds of markup warned as not honoured in this render (one warning each). */
  readonly warned: Set<string>;
  /** Inside a formula nothing of which is drawn (`drawsNothing`): its markup is not warned about. */
  quiet: boolean;
}

/**
 * Whether nothing of a formula is drawn: a box around it clips to nothing, by `clip-path:
 * inset(50%)` or, absolutely positioned, by an empty `clip` rectangle — the visually-hidden
 * patterns in which KaTeX puts the MathML copy of each formula beside the HTML it draws
 * (`.katex-mathml { position: absolute; clip-path: inset(50%) }`, before 0.16 `clip: rect(1px,
 * 1px, 1px, 1px)`). Looks up the formula's ancestors once, at its `<math>`.
 */
export function drawsNothing(element: DomElement, styleOf: (element: DomElement) => ComputedStyle | undefined): boolean {
  for (let at: DomElement | null = element; at !== null; at = at.parent !== null && isElement(at.parent) ? at.parent : null) {
    const style = styleOf(at);
    if (style === undefined) continue;
    if (insetsAll(style.clipPath)) return true;
    const clip = style.clip;
    if (clip === 'auto' || (style.position !== 'absolute' && style.position !== 'fixed')) continue;
    if (emptySpan(clip.left, clip.right) || emptySpan(clip.top, clip.bottom)) return true;
  }
  return false;
}

/** Whether a `clip-path` is an `inset()` whose percentages meet across the box (`inset(50%)`, KaTeX 0.16's and Tailwind 4's way to hide). */
function insetsAll(clipPath: ComputedStyle['clipPath']): boolean {
  if (clipPath === 'none' || !('shape' in clipPath) || clipPath.shape?.kind !== 'inset') return false;
  const [top, right, bottom, left] = clipPath.shape.sides.map((side) => (typeof side === 'object' && 'kind' in side && side.kind === 'percent' ? side.value : Number.NaN));
  return top! + bottom! >= 100 || left! + right! >= 100;
}

/** Whether a `clip` rectangle's two sides on one axis leave nothing between them. */
function emptySpan(start: number | 'auto', end: number | 'auto'): boolean {
  return start !== 'auto' && end !== 'auto' && end <= start;
}

/** A MathML element whose children are built. */
export interface MathElement {
  readonly name: string;
  readonly style: ComputedStyle;
  readonly source: BoxElement;
  readonly children: readonly Box[];
  /** Its display's outer type is block (`<math display="block">`). */
  readonly blockLevel: boolean;
}

const TOKENS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);
const ROWS = new Set(['math', 'mrow', 'mstyle', 'merror', 'menclose', 'mfenced', 'mlabeledtr', 'mprescripts', 'none']);
/** Elements of a fixed number of children, and their layout. */
const FIXED: ReadonlyMap<string, { readonly layout: MathLayout; readonly children: number }> = new Map([
  ['mfrac', { layout: 'fraction', children: 2 }],
  ['mroot', { layout: 'root', children: 2 }],
  ['msub', { layout: 'sub', children: 2 }],
  ['msup', { layout: 'sup', children: 2 }],
  ['msubsup', { layout: 'subsup', children: 3 }],
  ['munder', { layout: 'under', children: 2 }],
  ['mover', { layout: 'over', children: 2 }],
  ['munderover', { layout: 'underover', children: 3 }],
]);
/** The other elements with a layout of their own (mathBox). */
const OWN_LAYOUT = new Set(['msqrt', 'mphantom', 'mpadded', 'mmultiscripts', 'mspace', 'annotation', 'annotation-xml']);
/** Elements whose first child alone is shown (MathML Core §3.7). */
const FIRST_CHILD_ONLY = new Set(['semantics', 'maction']);

/** Whether an element inside `<math>` makes a math box (the others, `mtable` and HTML, are built as CSS boxes). */
export function isMathElement(name: string): boolean {
  return TOKENS.has(name) || ROWS.has(name) || FIXED.has(name) || FIRST_CHILD_ONLY.has(name) || OWN_LAYOUT.has(name);
}

/**
 * The math box of a MathML element whose children are built: block-level for a `<math>` whose
 * display is, inline otherwise (inside a formula, its layout places its children itself).
 */
export function mathBox({ name, style, source, children, blockLevel }: MathElement, build: MathBuild): MathBox {
  const outer: OuterDisplay = name === 'math' && blockLevel ? 'block' : 'inline';
  warnUnhonoured(name, source, build);
  const base = { kind: 'math' as const, outer, style, element: source, pseudo: undefined };
  if (TOKENS.has(name)) {
    const italic = name === 'mi' && (source.attribs['mathvariant'] === undefined || source.attribs['mathvariant'] === 'italic');
    const text = children.filter((child): child is TextBox => child.kind === 'text').map((child) => child.text).join('');
    const transformed = italic && [...text.trim()].length === 1;
    const content = transformed ? children.map(mathItalic) : children;
    return { ...base, layout: 'token', children: [], content: tokenBlock(style, content, build), ...(name === 'mo' ? { operator: text.trim() } : {}), ...(transformed ? { writtenText: text.trim() } : {}) };
  }
  if (name === 'mspace') return { ...base, layout: 'space', children: [] };
  const laid = mathChildren(children, style, build);
  if (FIRST_CHILD_ONLY.has(name)) return { ...base, layout: 'row', children: laid.slice(0, 1) };
  if (name === 'mphantom') return { ...base, layout: 'phantom', children: laid };
  if (name === 'mpadded') return { ...base, layout: 'padded', children: laid };
  if (name === 'mmultiscripts') {
    if (multiscriptsValid(laid)) return { ...base, layout: 'multiscripts', children: laid };
    build.warn('`<mmultiscripts>` needs a base and pairs of scripts, before and after one `<mprescripts/>`: it is laid out as a row', source);
  }
  if (name === 'msqrt') return { ...base, layout: 'sqrt', children: laid, radicalSign: radicalSign(style, build), rule: rule(style, build) };
  const fixed = FIXED.get(name);
  if (fixed !== undefined) {
    if (laid.length === fixed.children) {
      const parts = fixed.layout === 'root' ? { radicalSign: radicalSign(style, build), rule: rule(style, build) } : fixed.layout === 'fraction' ? { rule: rule(style, build) } : {};
      return { ...base, layout: fixed.layout, children: laid, ...parts };
    }
    build.warn(`\`<${name}>\` has ${laid.length} children where MathML asks for ${fixed.children}: it is laid out as a row`, source);
  }
  if (name === 'annotation' || name === 'annotation-xml') return { ...base, layout: 'phantom', children: [] };
  return { ...base, layout: 'row', children: laid };
}

/**
 * Markup octavo reads past without drawing what it asks for, warned once a kind and render. Each
 * is left out of MathML Core, and Chromium draws it as octavo does.
 */
function warnUnhonoured(name: string, source: BoxElement, build: MathBuild): void {
  if (build.quiet) return;
  const attribs = source.attribs;
  const variant = attribs['mathvariant']?.trim().toLowerCase();
  const unhonoured: [string, string][] = [];
  if (variant !== undefined && variant !== 'normal' && !(name === 'mi' && variant === 'italic')) {
    unhonoured.push([`mathvariant ${variant}`, `\`mathvariant="${variant}"\` is not honoured: MathML Core keeps only \`normal\` on \`<mi>\` (as Chromium)`]);
  }
  if (name === 'menclose') unhonoured.push(['menclose', 'the notation of `<menclose>` is not drawn: its content is laid out as a row (as in Chromium)']);
  if (name === 'mfenced') unhonoured.push(['mfenced', '`<mfenced>` is not in MathML Core: its fences and separators are not drawn, its content is laid out as a row (as in Chromium)']);
  if (/^\s*\d/.test(attribs['scriptlevel'] ?? '')) unhonoured.push(['scriptlevel', 'an absolute `scriptlevel` is not honoured: only `+n` and `-n` change the script level']);
  if (name === 'mpadded' && ['width', 'height', 'depth'].some((key) => attribs[key]?.trim().endsWith('%') === true)) {
    unhonoured.push(['mpadded %', 'a percentage in `<mpadded>`\'s `width`, `height` or `depth` is not honoured (as in Chromium)']);
  }
  for (const [key, message] of unhonoured) {
    if (build.warned.has(key)) continue;
    build.warned.add(key);
    build.warn(message, source);
  }
}

/**
 * The content of an `mtd`: one block-level row, so that the cell is as tall as its formula's ink
 * (and its padding), as Chromium lays a cell's MathML out, not as a line of text.
 */
export function mathCellRow(style: ComputedStyle, children: readonly Box[], build: MathBuild): MathBox {
  const rowStyle = build.anonymousStyle(style, 'block');
  return { kind: 'math', outer: 'block', layout: 'row', style: rowStyle, element: undefined, pseudo: undefined, children: mathChildren(children, rowStyle, build) };
}

/** A base, then pairs of sub- and superscripts, then `<mprescripts/>` and pairs (MathML Core §3.4.2). */
function multiscriptsValid(children: readonly LayoutBox[]): boolean {
  const marks = children.filter((child) => child.element?.name === 'mprescripts').length;
  const at = children.findIndex((child) => child.element?.name === 'mprescripts');
  const post = (at < 0 ? children.length : at) - 1;
  const pre = at < 0 ? 0 : children.length - at - 1;
  return children.length > 0 && at !== 0 && marks <= 1 && post % 2 === 0 && pre % 2 === 0;
}

/**
 * A math element's children as boxes a math layout places: math boxes and whole CSS boxes kept,
 * runs of text and inline boxes wrapped in anonymous tokens, white space between elements dropped.
 */
function mathChildren(children: readonly Box[], style: ComputedStyle, build: MathBuild): LayoutBox[] {
  const out: LayoutBox[] = [];
  let run: Box[] = [];
  const flush = (): void => {
    if (run.some((box) => box.kind !== 'text' || /[^ \t\n\r\f]/.test(box.text))) {
      out.push({ kind: 'math', outer: 'inline', layout: 'token', style, element: undefined, pseudo: undefined, children: [], content: tokenBlock(style, run, build) });
    }
    run = [];
  };
  for (const child of children) {
    switch (child.kind) {
      case 'math': case 'block': case 'flex': case 'grid': case 'table-wrapper': case 'replaced':
        flush();
        out.push(child);
        break;
      case 'out-of-flow':
        // a positioned or floated box inside a formula stays where it is written
        flush();
        if (child.box.kind !== 'out-of-flow') out.push(child.box);
        break;
      default:
        run.push(child);
    }
  }
  flush();
  return out;
}

/** The √ a radical is drawn with: a token in the radical's style (stretched by layout/math/radical.ts). */
function radicalSign(style: ComputedStyle, build: MathBuild): MathBox {
  const text: TextBox = { kind: 'text', text: '\u221a', style, element: undefined, pseudo: undefined };
  return { kind: 'math', outer: 'inline', layout: 'token', style, element: undefined, pseudo: undefined, children: [], content: tokenBlock(style, [text], build), operator: '\u221a' };
}

/** A token's text as a block container: one line from its start (layout/math/token.ts measures it so). */
function tokenBlock(style: ComputedStyle, children: readonly Box[], build: MathBuild): BlockBox {
  const plain = build.anonymousStyle(style, 'block');
  return build.block(plain.textAlign === 'start' && plain.textIndent === NO_TEXT_INDENT ? plain : { ...plain, textAlign: 'start', textIndent: NO_TEXT_INDENT }, children);
}

/** A fraction bar or radical overbar: an empty block painted with the text colour. */
function rule(style: ComputedStyle, build: MathBuild): BlockBox {
  const plain = build.anonymousStyle(style, 'block');
  return build.block({ ...plain, backgroundColor: plain.color }, []);
}

/** A single letter in mathematical italic (Unicode's Mathematical Alphanumeric Symbols, MathML Core §8). */
function mathItalic(box: Box): Box {
  if (box.kind !== 'text') return box;
  return { ...box, text: [...box.text].map(italicLetter).join('') };
}

/** The holes of the italic block: letters encoded earlier (Letterlike Symbols). */
const ITALIC_HOLES: Readonly<Record<string, number>> = { h: 0x210e };
/** Greek letters and symbols that have italic forms after the capitals. */
const GREEK_ITALIC_SYMBOLS: Readonly<Record<number, number>> = { 0x2202: 0x1d715, 0x3f5: 0x1d716, 0x3d1: 0x1d717, 0x3f0: 0x1d718, 0x3d5: 0x1d719, 0x3f1: 0x1d71a, 0x3d6: 0x1d71b, 0x2207: 0x1d6fb, 0x3f4: 0x1d6f3 };

function italicLetter(char: string): string {
  const code = char.codePointAt(0)!;
  const hole = ITALIC_HOLES[char];
  if (hole !== undefined) return String.fromCodePoint(hole);
  if (code >= 0x41 && code <= 0x5a) return String.fromCodePoint(0x1d434 + code - 0x41);
  if (code >= 0x61 && code <= 0x7a) return String.fromCodePoint(0x1d44e + code - 0x61);
  if (code >= 0x391 && code <= 0x3a9 && code !== 0x3a2) return String.fromCodePoint(0x1d6e2 + code - 0x391);
  if (code >= 0x3b1 && code <= 0x3c9) return String.fromCodePoint(0x1d6fc + code - 0x3b1);
  if (code === 0x131) return '\u{1d6a4}';
  if (code === 0x237) return '\u{1d6a5}';
  const symbol = GREEK_ITALIC_SYMBOLS[code];
  return symbol !== undefined ? String.fromCodePoint(symbol) : char;
}
