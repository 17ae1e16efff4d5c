/**
 * The box tree (CSS Display 3 §2, CSS2 §9.2): what layout lays out. Built from the styled DOM with
 * anonymous boxes inserted, `display: none` removed, ::before/::after/::marker generated and
 * white space processed (CSS Text 3 §4.1.1, phase I).
 */
import type { ComputedStyle, PseudoElement } from '../css/types.js';
import type { DomElement } from '../dom/types.js';

interface BoxBase {
  readonly style: ComputedStyle;
  /** The element that generated the box; undefined for anonymous boxes. */
  readonly element: DomElement | undefined;
  readonly pseudo: PseudoElement | undefined;
}

/**
 * A block container (block, inline-block, list-item, flow-root, table cell contents...).
 * Its children are all block-level or all inline-level (CSS2 §9.2.1.1).
 */
export interface BlockBox extends BoxBase {
  readonly kind: 'block';
  /** How it takes part in its parent's formatting context. */
  readonly outer: 'block' | 'inline';
  readonly children: readonly Box[];
  /** True when children are inline-level (the box establishes an inline formatting context). */
  readonly inlineContent: boolean;
  /** Outside ::marker of a list item, laid out beside the first line. */
  readonly marker?: BlockBox | undefined;
  /**
   * On a ::marker box whose content is a `list-style-image`: the `list-style-type` content shown
   * instead when the image cannot be loaded (CSS Lists 3 §3.1).
   */
  readonly imageFallback?: readonly InlineLevelBox[] | undefined;
}

export interface InlineBox extends BoxBase {
  readonly kind: 'inline';
  readonly children: readonly InlineLevelBox[];
}

/** A run of text after white-space processing; its style is the parent's. */
export interface TextBox extends BoxBase {
  readonly kind: 'text';
  readonly text: string;
}

/** `<br>`: a forced line break. */
export interface LineBreakBox extends BoxBase {
  readonly kind: 'br';
}

/** Replaced content (`<img>`, `content: url()`): sized from the image's intrinsic size. */
export interface ReplacedBox extends BoxBase {
  readonly kind: 'replaced';
  readonly outer: 'block' | 'inline';
  /** Absolute URL of the image (key into LoadedResources.images). */
  readonly src: string;
  readonly alt: string;
}

export type InlineLevelBox = InlineBox | TextBox | LineBreakBox | BlockBox | ReplacedBox;
export type Box = BlockBox | InlineBox | TextBox | LineBreakBox | ReplacedBox;

/** The root of the box tree: the principal box of `<html>`. */
export interface BoxTree {
  readonly root: BlockBox;
}
