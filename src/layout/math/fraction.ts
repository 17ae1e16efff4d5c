/**
 * `mfrac` (MathML Core §3.3.2): the numerator above the bar and the denominator below, each
 * centred, shifted by the font's fraction parameters — at least their gap from the bar, which
 * sits on the math axis. With `linethickness="0"` it is a stack: no bar, the stack gaps.
 */
import type { MathBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import { boxFragment } from '../fragment-records.js';
import { offsetFragment } from '../fragment.js';
import { usedBorder, usedPadding } from '../box-model.js';
import { mathLength } from './operators.js';
import type { MathContent, MathEnv, MathLaid } from './index.js';

export function layoutFraction(box: MathBox, display: boolean, env: MathEnv): MathContent {
  const numerator = env.layout(box.children[0]!, false);
  const denominator = env.layout(box.children[1]!, false);
  const p = env.parameters(box);
  const axis = p.axisHeight;
  const thickness = lineThickness(box.element?.attribs['linethickness'], p.ruleThickness, box.style.fontSize);
  let up: number, down: number;
  if (thickness > 0) {
    const f = display ? p.fractionDisplay : p.fraction;
    up = Math.max(f.numeratorShiftUp, f.numeratorGapMin + axis + thickness / 2 + numerator.descent);
    down = Math.max(f.denominatorShiftDown, f.denominatorGapMin + denominator.ascent + thickness / 2 - axis);
  } else {
    const s = display ? p.stackDisplay : p.stack;
    up = s.topShiftUp;
    down = s.bottomShiftDown;
    const gap = up - numerator.descent - (denominator.ascent - down);
    if (gap < s.gapMin) {
      up += (s.gapMin - gap) / 2;
      down += (s.gapMin - gap) / 2;
    }
  }
  const width = Math.max(numerator.width, denominator.width);
  const ascent = Math.max(up + numerator.ascent, axis + thickness / 2);
  const descent = Math.max(down + denominator.descent, thickness / 2 - axis);
  const children: Fragment[] = [];
  place(children, numerator, (width - numerator.width) / 2, ascent - up - numerator.ascent);
  place(children, denominator, (width - denominator.width) / 2, ascent + down - denominator.ascent);
  if (thickness > 0 && box.rule !== undefined) children.push(ruleFragment(box.rule, 0, ascent - axis - thickness / 2, width, thickness));
  return { children, width, ascent, descent };
}

export function place(children: Fragment[], laid: MathLaid, x: number, y: number): void {
  if (laid.fragment !== undefined) children.push(offsetFragment(laid.fragment, x, y));
}

/** A fraction bar or overbar: the rule box at (x, y), `width` × `height`. */
export function ruleFragment(rule: NonNullable<MathBox['rule']>, x: number, y: number, width: number, height: number): Fragment {
  return boxFragment({ box: rule, style: rule.style, x, y, width, height, border: usedBorder(rule.style), padding: usedPadding(rule.style, 0), children: [], continuedBefore: false, continuedAfter: false });
}

/** `linethickness` (MathML Core §3.3.2.1): a length, a percentage or multiple of the default; `thin`, `medium`, `thick` as 50 %, 100 %, 200 %. */
function lineThickness(value: string | undefined, rule: number, fontSize: number): number {
  if (value === undefined) return rule;
  const keyword = value.trim().toLowerCase();
  if (keyword === 'thin') return rule / 2;
  if (keyword === 'medium') return rule;
  if (keyword === 'thick') return rule * 2;
  if (/^\s*\d*\.?\d+\s*$/.test(keyword)) return Number(keyword) * rule;
  if (keyword.endsWith('%')) return Math.max(0, (mathLength(keyword, 1) ?? 100) * rule);
  return Math.max(0, mathLength(keyword, fontSize) ?? rule);
}
