/**
 * Ruby (CSS Ruby 1 §2, HTML §4.5.10): a `<ruby>` element's content as base–annotation pairs. Each
 * `<rt>` annotates the content between it and the `<rt>` before it (its base; an `<rt>` right
 * after another annotates an empty base, as in Chromium 156). A pair is an atomic inline as wide
 * as the wider of the two, its base centred in it; layout sets the annotation over (or, with
 * `ruby-position: under`, under) the base's em box without growing the line
 * (layout/block/ruby-text.ts). Content after the last `<rt>` stays plain inline content; `<rp>`
 * is `display: none` (the UA stylesheet).
 */
import type { ComputedStyle } from '../css/types.js';
import { NO_TEXT_INDENT } from '../css/types.js';
import { withStyle } from '../css/compute.js';
import type { AnonymousBoxBuild, BlockBox, Box, InlineLevelBox } from './types.js';
import type { DomElement, DomNode } from '../dom/types.js';
import { isElement, isText } from '../dom/types.js';
import { isBlockLevel } from './anonymous.js';
import { appendAll } from '../append-all.js';

/** A `<ruby>` element's children in pairs; unchanged for other elements, or when a base holds block-level content (no pairing then). */
export function rubyPairs(element: DomElement, style: ComputedStyle, children: readonly Box[], build: AnonymousBoxBuild): readonly Box[] {
  if (element.name !== 'ruby' || !children.some(isAnnotation) || children.some((child) => isBlockLevel(child) && !isAnnotation(child))) return children;
  const out: Box[] = [];
  let base: Box[] = [];
  const last = children.findLastIndex(isAnnotation);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (!isAnnotation(child)) {
      base.push(child);
      continue;
    }
    const pair = build.block(centred(build.anonymousStyle(style, 'inline-block')), base, 'inline', undefined);
    const text = build.block(centred(build.anonymousStyle(child.style, 'block')), [child], 'block', undefined);
    // an annotation overhangs the text beside its ruby, not the next pair nor another ruby (as Chromium)
    const overhangStart = out.length === 0 && !nextToRuby(element, 'previous');
    const overhangEnd = i === last && !nextToRuby(element, 'next');
    out.push({ ...pair, ruby: { text, overhangStart, overhangEnd } } as BlockBox);
    base = [];
  }
  // white space after the last annotation separates nothing (CSS Ruby 1 §4.1: inter-base white space)
  if (!base.every(isCollapsibleSpace)) appendAll(out, base);
  return out;
}

/**
 * The anonymous style centred, one record per anonymous style: the ruby elements of a text share
 * their styles (css/style-sharing.ts), and a copy per pair held ~2 KB each until the render ended
 * (20,000 ruby elements: 40,000 pairs, 160 MB of copies).
 */
const centredStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function centred(anonymous: ComputedStyle): ComputedStyle {
  let style = centredStyles.get(anonymous);
  if (style === undefined) {
    style = withStyle(anonymous, { textAlign: 'center', textIndent: NO_TEXT_INDENT });
    centredStyles.set(anonymous, style);
  }
  return style;
}

/** An `<rt>` element's box (`display: ruby-text`, laid out as an inline). */
function isAnnotation(box: Box): box is Extract<InlineLevelBox, { kind: 'inline' }> {
  return box.kind === 'inline' && box.element?.name === 'rt' && box.pseudo === undefined;
}

/** Document white space only (CSS Text 3 §4.1), or nothing. */
const BLANK = /^[ \t\n\r\f]*$/;

function isCollapsibleSpace(box: Box): boolean {
  return box.kind === 'text' && BLANK.test(box.text) && (box.style.whiteSpaceCollapse === 'collapse' || box.style.whiteSpaceCollapse === 'preserve-breaks');
}

/** The node beside the ruby, white space skipped. */
function besideRuby(element: DomElement, side: 'previous' | 'next'): DomNode | undefined {
  const siblings: readonly DomNode[] = element.parent !== null && isElement(element.parent) ? element.parent.children : [];
  const step = side === 'previous' ? -1 : 1;
  for (let i = siblings.indexOf(element) + step; i >= 0 && i < siblings.length; i += step) {
    const node = siblings[i]!;
    if (!isText(node) || !BLANK.test(node.data)) return node;
  }
  return undefined;
}

function nextToRuby(element: DomElement, side: 'previous' | 'next'): boolean {
  const node = besideRuby(element, side);
  return node !== undefined && isElement(node) && node.name === 'ruby';
}
