/**
 * CSS Containment 2 §4 `content-visibility` and §3.3 `contain-intrinsic-width`/`-height` with the
 * `contain-intrinsic-size` shorthand. A printed page shows every element, so `auto` draws its
 * contents, as Chromium prints them, and keeps the layout, style and paint containment it always
 * gives; `hidden` adds size containment and drops the contents (boxes/build.ts). The computed
 * `contain` holds what they add (css/compute.ts); a box with size containment is as large as its
 * `contain-intrinsic-*` size (`auto <length>`: the length, as nothing was laid out before), else 0.
 */
import type { Nodes, PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand, shorthand } from './define.js';
import { identOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';

const contentVisibility = keywordProperty({ name: 'content-visibility', key: 'contentVisibility', keywords: ['visible', 'auto', 'hidden'], initial: 'visible', inherited: false });

/** `none | <length [0,∞]> | auto && [none | <length [0,∞]>]`: the length, or `none`. */
function parseIntrinsic(nodes: Nodes): SpecifiedLength | 'none' | undefined {
  const rest = identOf(nodes[0]) === 'auto' ? nodes.slice(1) : nodes;
  if (rest.length !== 1) return undefined;
  if (identOf(rest[0]) === 'none') return 'none';
  return parseLength(rest[0], { percent: false, negative: false });
}

const intrinsic = (name: string, key: 'containIntrinsicWidth' | 'containIntrinsicHeight'): PropertyDef => longhand<typeof key, SpecifiedLength | 'none'>({
  name, key, inherited: false, initial: 'none',
  parse: (nodes) => parseIntrinsic(nodes) ?? INVALID,
  compute: (value, ctx) => (value === 'none' ? 'none' : computeLength(value, ctx)) as never,
});

/** One or two values (`auto` binds to the length after it): width, then height (the width again when alone). */
const containIntrinsicSize = shorthand('contain-intrinsic-size', ['contain-intrinsic-width', 'contain-intrinsic-height'], (nodes) => {
  const values: Nodes[] = [];
  for (let at = 0; at < nodes.length;) {
    const take = identOf(nodes[at]) === 'auto' ? 2 : 1;
    values.push(nodes.slice(at, at + take));
    at += take;
  }
  const parsed = values.map(parseIntrinsic);
  if (parsed.length === 0 || parsed.length > 2 || parsed.some((value) => value === undefined)) return INVALID;
  return new Map([['contain-intrinsic-width', parsed[0]], ['contain-intrinsic-height', parsed[1] ?? parsed[0]]]);
});

export const CONTENT_VISIBILITY_PROPERTIES: readonly PropertyDef[] = [
  contentVisibility, intrinsic('contain-intrinsic-width', 'containIntrinsicWidth'), intrinsic('contain-intrinsic-height', 'containIntrinsicHeight'), containIntrinsicSize,
];
