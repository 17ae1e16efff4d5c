/**
 * CSS Fonts 4 §3.8: `font-synthesis-weight`, `-style`, `-small-caps`, `-position` (`auto | none`)
 * and the `font-synthesis` shorthand (`none | [weight || style || small-caps || position]`). The
 * text stage reads them (text/request.ts): `none` forbids the synthetic bold, oblique or small
 * capitals a family without such faces or glyphs would get. octavo synthesizes no super- or
 * subscripts, so `position` is `none` whatever it says.
 */
import { identOf } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, shorthand } from './define.js';

const PARTS = ['weight', 'style', 'small-caps', 'position'] as const;

const longhands = PARTS.map((part) => keywordProperty({
  name: `font-synthesis-${part}`,
  key: part === 'small-caps' ? 'fontSynthesisSmallCaps' : part === 'weight' ? 'fontSynthesisWeight' : part === 'style' ? 'fontSynthesisStyle' : 'fontSynthesisPosition',
  keywords: ['auto', 'none'],
  initial: 'auto',
  inherited: true,
}));

const fontSynthesis = shorthand('font-synthesis', PARTS.map((part) => `font-synthesis-${part}`), (nodes) => {
  const words = nodes.map(identOf);
  if (words.length === 1 && words[0] === 'none') return new Map(PARTS.map((part) => [`font-synthesis-${part}`, 'none']));
  if (words.some((word) => word === undefined || !(PARTS as readonly string[]).includes(word)) || new Set(words).size !== words.length || words.length === 0) return INVALID;
  return new Map(PARTS.map((part) => [`font-synthesis-${part}`, words.includes(part) ? 'auto' : 'none']));
});

export const FONT_SYNTHESIS_PROPERTIES: readonly PropertyDef[] = [...longhands, fontSynthesis];
