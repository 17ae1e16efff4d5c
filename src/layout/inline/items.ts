/**
 * Flattens an inline formatting context into a list of items (CSS Inline 3 §2): text,
 * the start and end of inline boxes, atomic inlines and forced breaks. Text is transformed
 * (text-transform) here, once, and concatenated so line-break opportunities can be found
 * across element boundaries; the bidi embedding level of every character is resolved over the
 * same text (bidi.ts).
 */
import type { BlockBox, BoxElement, FlexBox, InlineBox, InlineFlowBox, InlineLevelBox, LineBreakBox, ListSymbol, MathBox, OutOfFlowBox, ReplacedBox, TableWrapperBox } from '../../boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import type { BidiLevels } from './bidi.js';
import { resolveBidi } from './bidi.js';
import { toFullSizeKana, toFullWidth } from './width-and-kana.js';
import { appendAll } from '../../append-all.js';
import { fontRequestFromStyle } from '../../text/request.js';
import { requestKeys } from '../../text/keys.js';
import { ownLang } from '../../dom/lang.js';

export interface TextItem {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly text: string;
  readonly start: number;
  readonly parent: InlineBox | undefined;
  /**
   * Content language (the nearest `lang` attribute), lower-cased; '' when unknown. Hyphenation
   * (`hyphens: auto`) and the fallback font of Han characters read it.
   */
  readonly lang: string;
  /** The text of a ::marker that draws its `list-style-type` symbol as a shape. */
  readonly listSymbol: ListSymbol | undefined;
  /**
   * The first character of the next item's text when this text runs on into it in the same font,
   * across inline boxes without margins, borders or padding (`linkFollowingText`): Chromium shapes
   * such texts together, so the pair they make across the boundary kerns.
   */
  following: number | undefined;
}

/**
 * The items other than text have the same fields, `whiteSpace` set for atomics only, and text
 * items always have `listSymbol`: two hidden classes in all, whichever items a document has first
 * (layout/fragment-records.ts says why that matters).
 */
export type InlineItem =
  | TextItem
  | { readonly kind: 'open'; readonly box: InlineBox; readonly start: number; readonly whiteSpace: undefined }
  | { readonly kind: 'close'; readonly box: InlineBox; readonly start: number; readonly whiteSpace: undefined }
  /** `whiteSpace`: that of the inline box or block holding it, which decides whether a line may break around it (not its own). */
  | { readonly kind: 'atomic'; readonly box: AtomicInlineBox; readonly start: number; readonly whiteSpace: WhiteSpace }
  /** An out-of-flow box's placeholder: no text, no room; floats are placed and absolute boxes get their static position there. */
  | { readonly kind: 'anchor'; readonly box: OutOfFlowBox; readonly start: number; readonly whiteSpace: undefined }
  | { readonly kind: 'break'; readonly box: LineBreakBox; readonly start: number; readonly whiteSpace: undefined };

export interface InlineItems {
  readonly items: readonly InlineItem[];
  /** All text of the context; atomics are U+FFFC, forced breaks U+000A. */
  readonly text: string;
  /** Bidi levels of `text` (UAX #9). */
  readonly bidi: BidiLevels;
  /** The block container's content language (its strut's and its lines' fonts follow it), lower-cased; '' when unknown. */
  readonly lang: string;
}

/** An atomic inline (CSS2 §9.2.2): laid out as one box on its line. */
export type AtomicInlineBox = BlockBox | ReplacedBox | FlexBox | TableWrapperBox | MathBox;

export const OBJECT_REPLACEMENT = '\ufffc';

/** `altTextInline`: the inline-block an image that did not load is shown as (./alt-text.ts), or undefined. */
export function collectInlineItems(root: InlineFlowBox, langs: WeakMap<BoxElement, string>, altTextInline: (box: ReplacedBox) => InlineFlowBox | undefined): InlineItems {
  const collector = new ItemCollector(root, langs, altTextInline);
  collector.visit(root.children, undefined, undefined);
  const { items, text } = collector;
  linkFollowingText(items);
  return { items, text, bidi: resolveBidi(root.style, root.element, items, text), lang: collector.rootLanguage() };
}

/** Sets each text item's `following`: the next text's first character where the text runs on into it in the same font. */
export function linkFollowingText(items: readonly InlineItem[]): void {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== 'text') continue;
    let j = i + 1;
    while (j < items.length && (items[j]!.kind === 'open' || items[j]!.kind === 'close') && hasNoInlineEdges((items[j] as { readonly box: InlineBox }).box.style)) j++;
    const next = items[j];
    if (next?.kind === 'text' && next.text.length > 0 && sameFont(item, next)) item.following = next.text.codePointAt(0);
  }
}

function hasNoInlineEdges(style: ComputedStyle): boolean {
  return style.borderLeftWidth === 0 && style.borderRightWidth === 0 && style.paddingLeft === 0 && style.paddingRight === 0
    && (style.marginLeft === 0 || style.marginLeft === 'auto') && (style.marginRight === 0 || style.marginRight === 'auto');
}

function sameFont(a: TextItem, b: TextItem): boolean {
  if (a.style === b.style && a.lang === b.lang) return true;
  const first = requestKeys(fontRequestFromStyle(a.style, a.lang));
  const second = requestKeys(fontRequestFromStyle(b.style, b.lang));
  return first.match === second.match && first.variation === second.variation && first.rendering === second.rendering;
}

const ZERO_WIDTH_SPACE = '\u200b';

/**
 * The items and text collected so far. A class, not a recursive closure with a thunk per inline
 * box for its language: those were made for every inline formatting context (every table cell).
 */
class ItemCollector {
  readonly items: InlineItem[] = [];
  text = '';
  private rootLang: string | undefined;

  constructor(private readonly root: InlineFlowBox, private readonly langs: WeakMap<BoxElement, string>, private readonly altTextInline: (box: ReplacedBox) => InlineFlowBox | undefined) {}

  /** `langElement`: the nearest element giving the boxes their language, undefined for the root's (looked up once, when a text needs it). */
  visit(boxes: readonly InlineLevelBox[], parent: InlineBox | undefined, langElement: BoxElement | undefined): void {
    const items = this.items;
    for (const box of boxes) {
      switch (box.kind) {
        case 'text': {
          const lang = this.langOf(langElement);
          const transformed = transformText(box.text, box.style.textTransform, lang, this.text);
          items.push({ kind: 'text', style: box.style, text: transformed, start: this.text.length, parent, lang, listSymbol: box.listSymbol, following: undefined });
          this.text += transformed;
          break;
        }
        case 'inline':
          this.visitInline(box, langElement);
          break;
        case 'br':
          items.push({ kind: 'break', box, start: this.text.length, whiteSpace: undefined });
          this.text += '\n';
          break;
        case 'replaced': {
          this.visitAtomic(this.altTextInline(box) ?? box, parent);
          break;
        }
        case 'block':
        case 'flex':
        case 'grid':
        case 'table-wrapper':
        case 'math':
          this.visitAtomic(box, parent);
          break;
        case 'out-of-flow':
          items.push({ kind: 'anchor', box, start: this.text.length, whiteSpace: undefined });
          break;
      }
    }
  }

  private visitInline(box: InlineBox, langElement: BoxElement | undefined): void {
    this.items.push({ kind: 'open', box, start: this.text.length, whiteSpace: undefined });
    // a `<wbr>`: a zero width space in the text lines break by (UAX #14 breaks after it), in no text item: nothing is drawn
    if (box.breakOpportunity === true) this.text += ZERO_WIDTH_SPACE;
    this.visit(box.children, box, box.element ?? langElement);
    this.items.push({ kind: 'close', box, start: this.text.length, whiteSpace: undefined });
  }

  private visitAtomic(box: AtomicInlineBox, parent: InlineBox | undefined): void {
    this.items.push({ kind: 'atomic', box, start: this.text.length, whiteSpace: (parent ?? this.root).style.whiteSpace });
    this.text += OBJECT_REPLACEMENT;
  }

  /** The language (hyphenation, the fallback font of Han characters), looked up once per block and element. */
  private langOf(element: BoxElement | undefined): string {
    return element === undefined ? this.rootLanguage() : langOf(element, this.langs);
  }

  /** The block container's language. */
  rootLanguage(): string {
    return (this.rootLang ??= blockLanguage(this.root, this.langs));
  }
}

/**
 * CSS Text 3 §2.1 text-transform (full case mappings from the JS engine; the width and kana tables
 * in width-and-kana.ts). `uppercase` and `lowercase` follow the language's own rules where Unicode
 * has them (§2.1.1, SpecialCasing and CLDR through ICU), as Chromium maps them: Turkish and
 * Azerbaijani dotted and dotless i (`istanbul` → `İSTANBUL`, `IŞIK` → `ışık`), Lithuanian i with
 * its dot kept under accents, Greek capitals without their tonos (`Αθήνα` → `ΑΘΗΝΑ`).
 * `capitalize` stays language-neutral, as in Chromium (`istanbul` → `Istanbul` in Turkish too), and
 * starts words where Chromium does (`WORD_START`), `before` (the paragraph's text so far) telling
 * whether its first letter goes on a word.
 */
export function transformText(text: string, transform: ComputedStyle['textTransform'], lang = '', before = ''): string {
  switch (transform) {
    case 'none': return text;
    case 'uppercase': {
      const casing = casingLanguage(lang);
      return casing === undefined ? text.toUpperCase() : text.toLocaleUpperCase(casing);
    }
    case 'lowercase': {
      const casing = casingLanguage(lang);
      return casing === undefined || casing === 'el' ? text.toLowerCase() : text.toLocaleLowerCase(casing);
    }
    case 'capitalize': {
      // the text before it in the paragraph decides its first letter: `<b>foo</b>bar` is Foobar
      const joined = before !== '' && WORD_PART.test(before.slice(-1));
      return text.replace(WORD_START, (letter: string, offset: number) => (offset === 0 && joined ? letter : letter.toUpperCase()));
    }
    case 'full-width': return toFullWidth(text);
    case 'full-size-kana': return toFullSizeKana(text);
  }
}

/**
 * A letter `capitalize` upper-cases: the first of the text, or one after a character that is not a
 * letter, digit or mark nor one that joins a word's parts (apostrophes ' ‘ ’, the middle dot, the
 * underscore) — as Chromium capitalizes: `Don't`, `Rock'n'roll`, `Foo_bar`, but `Well-Known`,
 * `Foo.Bar`, `A+B`.
 */
const WORD_START = /(?<![\p{L}\p{N}\p{M}'\u2018\u2019\u00b7_])\p{L}/gu;

/** A character after which a letter goes on the same word (`WORD_START`'s exceptions); a low surrogate counts, an astral letter being the likeliest. */
const WORD_PART = /[\p{L}\p{N}\p{M}'\u2018\u2019\u00b7_\udc00-\udfff]/u;

/** The languages whose case mappings differ from the default ones (ICU's tailorings), by primary subtag. */
const CASING_LANGUAGES: ReadonlySet<string> = new Set(['tr', 'az', 'lt', 'el']);

/** The language `lang` is cased as, when its rules are not the default ones. */
function casingLanguage(lang: string): string | undefined {
  if (lang === '') return undefined;
  const dash = lang.indexOf('-');
  const primary = (dash < 0 ? lang : lang.slice(0, dash)).toLowerCase();
  return CASING_LANGUAGES.has(primary) ? primary : undefined;
}

/** The language of an element (HTML §3.2.6.2): its own `lang` (or `xml:lang`), else its parent's. */
export function langOf(element: BoxElement, langs: WeakMap<BoxElement, string>): string {
  const cached = langs.get(element);
  if (cached !== undefined) return cached;
  const lang = ownOrInheritedLang(element, langs);
  langs.set(element, lang);
  return lang;
}

/** langOf without keeping the element's own answer (its ancestors' are kept). */
function ownOrInheritedLang(element: BoxElement, langs: WeakMap<BoxElement, string>): string {
  const own = ownLang(element.attribs);
  if (own !== undefined) return own;
  return element.parent !== undefined ? langOf(element.parent, langs) : '';
}

/**
 * The language of a block container. An anonymous block has no element: the language is then
 * that of the parent element of its first descendant that has one (the anonymous box's parent).
 */
export function blockLanguage(root: InlineFlowBox, langs: WeakMap<BoxElement, string>): string {
  // a block's own element is asked once per layout of it (every cell of a long table): its answer
  // is not kept, which saves a map entry per block; its parent's (a row's) is kept and found again
  if (root.element !== undefined) return ownOrInheritedLang(root.element, langs);
  const stack: InlineLevelBox[] = [...root.children];
  while (stack.length > 0) {
    const box = stack.shift()!;
    if (box.element !== undefined) {
      const parent = box.element.parent;
      return parent !== undefined ? langOf(parent, langs) : '';
    }
    if (box.kind === 'inline') appendAll(stack, box.children);
  }
  return '';
}
