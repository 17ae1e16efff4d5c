/**
 * `msqrt` and `mroot` (MathML Core §3.3.3): the radical sign grown to cover the base and the gap
 * above it, the overbar over the base from the sign's end, and `mroot`'s index raised beside the
 * sign's top, kerned before and after by the font's parameters.
 */
import type { MathBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import { grownToken, layoutRow, type MathContent, type MathEnv } from './index.js';
import { place, ruleFragment } from './fraction.js';
import { offsetFragment } from '../fragment.js';

export function layoutRadical(box: MathBox, display: boolean, env: MathEnv): MathContent {
  const root = box.layout === 'root';
  const base = root ? contentOf(env.layout(box.children[0]!, display)) : layoutRow(box.children, display, env);
  const p = env.parameters(box);
  const gap = display ? p.radicalDisplayStyleVerticalGap : p.radicalVerticalGap;
  const thickness = p.radicalRuleThickness;
  const above = base.ascent + gap + thickness;
  const sign = box.radicalSign === undefined ? undefined : env.layout(box.radicalSign, false);
  const grown = sign === undefined || box.radicalSign === undefined ? undefined : grownToken(sign, above + base.descent);
  const signHeight = grown === undefined ? 0 : grown.ascent + grown.descent;
  const signDescent = Math.max(0, signHeight - above);
  let ascent = above + p.radicalExtraAscender;
  let descent = Math.max(base.descent, signDescent);
  let x = 0;
  const children: Fragment[] = [];
  let indexPlace: { laid: ReturnType<MathEnv['layout']>; x: number; shift: number } | undefined;
  if (root) {
    const index = env.layout(box.children[1]!, false);
    // the index's baseline: raised from the sign's bottom by a share of its height
    const shift = p.radicalDegreeBottomRaise * signHeight - signDescent;
    x = Math.max(0, p.radicalKernBeforeDegree);
    indexPlace = { laid: index, x, shift };
    // a negative kern after the index tucks the sign under it, never further back than the index's start (Chromium)
    x += index.width + Math.max(p.radicalKernAfterDegree, -index.width);
    ascent = Math.max(ascent, shift + index.ascent);
    descent = Math.max(descent, index.descent - shift);
  }
  if (indexPlace !== undefined) place(children, indexPlace.laid, indexPlace.x, ascent - indexPlace.shift - indexPlace.laid.ascent);
  if (grown !== undefined) place(children, grown, x, ascent - above);
  const signWidth = grown?.width ?? 0;
  if (box.rule !== undefined) children.push(ruleFragment(box.rule, x + signWidth, ascent - above, base.width, thickness));
  for (const child of base.children) children.push(offsetFragment(child, x + signWidth, ascent - base.ascent));
  return { children, width: x + signWidth + base.width, ascent, descent };
}

function contentOf(laid: ReturnType<MathEnv['layout']>): MathContent {
  return { children: laid.fragment === undefined ? [] : [laid.fragment], width: laid.width, ascent: laid.ascent, descent: laid.descent };
}
