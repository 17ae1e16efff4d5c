/**
 * Generated content (CSS Generated Content 3 §2, CSS Lists 3 §3): the text of ::before/::after
 * and ::marker, and the counter changes of an element, including the HTML list attributes
 * (`ol start/reversed`, `li value`) which the HTML standard defines through the list-item counter.
 */
import type { ComputedStyle, ContentItem, RunningPolicy } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { CounterStyleSet } from '../css/types.js';
import { PREDEFINED_COUNTER_STYLES } from '../css/counter-styles.js';
import type { CounterState } from './counters.js';
import type { TargetResolver } from './references.js';
import { elementText, targetId } from './references.js';
import { autoQuotes } from './quotes.js';
import { elementLang } from '../dom/lang.js';
import { WHITE_SPACE_PRE } from '../css/types.js';
import type { PseudoElement } from '../css/types.js';
import type { InlineBox, InlineLevelBox, PageCounterItem } from './types.js';
import { absoluteUrl } from './replaced-source.js';

/** Quote nesting depth, shared by the whole document walk. */
export interface QuoteState {
  depth: number;
}

/**
 * Applies counter-reset, counter-increment (with the implicit list-item one) and counter-set, in
 * that order (CSS Lists 3 §4.5). For a pseudo-element (`pseudo`), `element` is its originating
 * element and the HTML list attributes do not apply.
 */
export function applyCounterChanges(element: DomElement, style: ComputedStyle, counters: CounterState, pseudo = false): void {
  const html = !pseudo;
  for (const change of style.counterReset) {
    counters.reset(html && change.name === 'list-item' && element.name === 'ol' ? olStart(element, change.value) : change);
  }
  // An HTML list (ol, ul, menu) owns its items' numbering even when an author's counter-reset
  // (`counter-reset: item`) replaces the UA sheet's `counter-reset: list-item`, as in Chromium and
  // Firefox (HTML's list owner; CSS Lists 3 §4.6 leaves list-item to the host language).
  if (html && LIST_OWNERS.has(element.name) && !style.counterReset.some((change) => change.name === 'list-item')) {
    counters.reset(element.name === 'ol' ? olStart(element, 0) : { name: 'list-item', value: 0 });
  }
  let incrementsListItem = false;
  for (const change of style.counterIncrement) {
    counters.increment(change);
    if (change.name === 'list-item') incrementsListItem = true;
  }
  // CSS GCPM 3 §2.4: every footnote element increments the footnote counter
  if (style.float === 'footnote' && !style.counterIncrement.some((change) => change.name === 'footnote')) {
    counters.increment({ name: 'footnote', value: 1 });
  }
  if (style.display === 'list-item' && !incrementsListItem) {
    counters.increment({ name: 'list-item', value: html && isInReversedList(element) ? -1 : 1 });
  }
  for (const change of style.counterSet) counters.set(change);
  const value = html && element.name === 'li' ? parseInteger(element.attribs['value']) : undefined;
  if (value !== undefined) counters.set({ name: 'list-item', value });
}

const LIST_OWNERS = new Set(['ol', 'ul', 'menu']);

/** `<ol start>` / `<ol reversed>`: the list-item counter starts one step before the first item. */
function olStart(ol: DomElement, declared: number): { name: string; value: number } {
  const start = parseInteger(ol.attribs['start']);
  if ('reversed' in ol.attribs) {
    const first = start ?? countListItems(ol);
    return { name: 'list-item', value: first + 1 };
  }
  return { name: 'list-item', value: start !== undefined ? start - 1 : declared };
}

function isInReversedList(li: DomElement): boolean {
  const parent = li.parent;
  return parent !== null && parent.type === 'tag' && parent.name === 'ol' && 'reversed' in parent.attribs;
}

function countListItems(ol: DomElement): number {
  return ol.children.filter((child) => child.type === 'tag' && child.name === 'li').length;
}

function parseInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}

/** What `counter()`/`counters()` read: the document's counter scopes, or a page's counters. */
export interface CounterValues {
  value(name: string): number;
  /** Outermost first. */
  allValues(name: string): readonly number[];
}

/** Where paged-media content items look their values up (CSS GCPM 3); without it they print nothing. */
export interface ContentRefs {
  readonly targets?: TargetResolver | undefined;
  /** `string(name, policy)`: the page's named string (page-margin boxes only). */
  readonly strings?: ((name: string, policy: RunningPolicy) => string) | undefined;
}

/** The element (absent in a page-margin box) and the style whose `content` is generated. */
export interface ContentOrigin {
  readonly element: DomElement | undefined;
  readonly style: ComputedStyle;
}

/** What generated content reads and moves on as it is generated: counters, the quote depth, the paged-media lookups. */
export interface ContentState {
  readonly counters: CounterValues;
  readonly quotes: QuoteState;
  readonly refs?: ContentRefs | undefined;
  /** The document's counter styles (the predefined ones when absent). */
  readonly counterStyles?: CounterStyleSet | undefined;
}

/**
 * The text of a `content` value (images, running elements and leaders are handled by the
 * caller; without an element, `attr()` and `content()` are empty).
 */
export function contentText(items: readonly ContentItem[], origin: ContentOrigin, state: ContentState): string {
  const { element, style } = origin;
  const { counters, quotes, refs = {}, counterStyles: styles = PREDEFINED_COUNTER_STYLES } = state;
  let text = '';
  for (const item of items) {
    switch (item.kind) {
      case 'content': text += element === undefined ? '' : elementText(element, item.part); break;
      case 'named-string': text += refs.strings?.(item.name, item.policy) ?? ''; break;
      case 'target-counter': case 'target-counters': case 'target-text': text += targetText(item, element, refs.targets, styles); break;
      case 'element': case 'leader': break;
      case 'string': text += item.value; break;
      case 'attr': text += element?.attribs[item.name] ?? ''; break;
      case 'counter': text += styles.format(counters.value(item.name), item.style); break;
      case 'counters': text += counters.allValues(item.name).map((v) => styles.format(v, item.style)).join(item.separator); break;
      case 'open-quote': text += quoteAt(style, element, quotes.depth, 0); quotes.depth += 1; break;
      // CSS 2 §12.3.2: a close-quote at depth 0 is ignored, no quote mark is rendered.
      case 'close-quote': if (quotes.depth > 0) { quotes.depth -= 1; text += quoteAt(style, element, quotes.depth, 1); } break;
      case 'no-open-quote': quotes.depth += 1; break;
      case 'no-close-quote': quotes.depth = Math.max(0, quotes.depth - 1); break;
      case 'url': break;
    }
  }
  return text;
}

/** A cross-reference's text; an unresolved counter prints 0 (the next pass has the value). */
function targetText(item: Extract<ContentItem, { kind: 'target-counter' | 'target-counters' | 'target-text' }>, element: DomElement | undefined, targets: TargetResolver | undefined, styles: CounterStyleSet): string {
  const id = targetId(item.target, element);
  if (id === undefined || targets === undefined) return '';
  if (item.kind === 'target-text') return targets.text(id, item.part);
  const values = targets.counter(id, item.name) ?? [0];
  if (item.kind === 'target-counter') return styles.format(values[values.length - 1] ?? 0, item.style);
  return values.map((v) => styles.format(v, item.style)).join(item.separator);
}

function quoteAt(style: ComputedStyle, element: DomElement | undefined, depth: number, which: 0 | 1): string {
  const pairs = style.quotes === 'auto' ? autoQuotes(element === undefined ? '' : elementLang(element)) : style.quotes === 'none' ? [] : style.quotes;
  if (pairs.length === 0) return '';
  return pairs[Math.min(depth, pairs.length - 1)]![which];
}

/** Text of a list item's ::marker (CSS Lists 3 §3.2): its `content`, else list-style-type. */
export function markerContent(
  element: DomElement,
  markerStyle: ComputedStyle,
  itemStyle: ComputedStyle,
  state: { readonly counters: CounterState; readonly quotes: QuoteState; readonly counterStyles: CounterStyleSet },
): string {
  const { counters } = state;
  if (Array.isArray(markerStyle.content)) return contentText(markerStyle.content as readonly ContentItem[], { element, style: markerStyle }, state);
  if (markerStyle.content === 'none') return '';
  const type = itemStyle.listStyleType;
  if (typeof type !== 'string') return type.value;
  return state.counterStyles.marker(counters.value('list-item'), type);
}

/** `leader(pattern)`: one copy of the pattern, spaces kept, that line layout repeats (layout/inline/leader.ts). */
export function leaderBox(style: ComputedStyle, pattern: string, pseudo: PseudoElement | undefined): InlineBox {
  const kept: ComputedStyle = { ...style, ...WHITE_SPACE_PRE };
  return { kind: 'inline', leader: true, style: kept, element: undefined, pseudo, children: [{ kind: 'text', text: pattern, style: kept, element: undefined, pseudo }] };
}

/** What content items other than text make a box of their own: an image, a leader, a page counter. */
export interface ItemBoxContext {
  readonly baseUrl: string | undefined;
  readonly anonymous: (style: ComputedStyle) => ComputedStyle;
  readonly state: ContentState;
}

/**
 * The box of a content item that is not run into the text around it: a `url()` image, a
 * `leader()`, and `counter(page)`/`counter(pages)` and `string()`, a text box of its own that a
 * running element shown in a margin box prints with the page's value (layout/page/running-counters.ts).
 */
export function contentItemBox(item: ContentItem, style: ComputedStyle, pseudo: PseudoElement, ctx: ItemBoxContext): InlineLevelBox | undefined {
  if (item.kind === 'url') {
    const box = { kind: 'replaced', outer: 'inline', src: absoluteUrl(item.url, ctx.baseUrl), alt: '', style: ctx.anonymous(style), element: undefined, pseudo } as const;
    return item.resolution === undefined ? box : { ...box, density: item.resolution };
  }
  if (item.kind === 'leader') return leaderBox(ctx.anonymous(style), item.pattern, pseudo);
  if (!isPageCounter(item)) return undefined;
  return { kind: 'text', text: contentText([item], { element: undefined, style }, ctx.state), style, element: undefined, pseudo, pageCounter: item };
}

export function isPageCounter(item: ContentItem): item is PageCounterItem {
  return item.kind === 'named-string' || ((item.kind === 'counter' || item.kind === 'counters') && (item.name === 'page' || item.name === 'pages'));
}
