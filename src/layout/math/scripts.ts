/**
 * Scripts and limits (MathML Core §3.4): `msub`, `msup`, `msubsup` beside their base, shifted by
 * the font's script parameters; `munder`, `mover`, `munderover` centred under and over it. An
 * operator with movable limits (∑, lim) outside display style takes its under/over scripts as
 * sub/superscripts, as in Chromium.
 */
import type { LayoutBox, MathBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import { operatorProperties } from './operators.js';
import { place } from './fraction.js';
import { maxOf } from '../../append-all.js';
import type { MathContent, MathEnv, MathLaid } from './index.js';
import type { MathParameters } from '../../text/math-parameters.js';

export function layoutScripts(box: MathBox, display: boolean, env: MathEnv): MathContent {
  const [base, second, third] = box.children;
  const sub = box.layout === 'sup' ? undefined : second;
  const sup = box.layout === 'sub' ? undefined : box.layout === 'sup' ? second : third;
  return scripts(box, env.layout(base!, display), sub, sup, env);
}

function scripts(box: MathBox, base: MathLaid, subBox: LayoutBox | undefined, supBox: LayoutBox | undefined, env: MathEnv): MathContent {
  const p = env.parameters(box);
  const sub = subBox === undefined ? undefined : env.layout(subBox, false);
  const sup = supBox === undefined ? undefined : env.layout(supBox, false);
  const { subShift, supShift } = scriptShifts(p, base, sub, sup);
  const ascent = Math.max(base.ascent, sup === undefined ? 0 : supShift + sup.ascent);
  const descent = Math.max(base.descent, sub === undefined ? 0 : subShift + sub.descent);
  const children: Fragment[] = [];
  place(children, base, 0, ascent - base.ascent);
  if (sub !== undefined) place(children, sub, base.width, ascent + subShift - sub.ascent);
  if (sup !== undefined) place(children, sup, base.width, ascent - supShift - sup.ascent);
  const scriptWidth = Math.max(sub?.width ?? 0, sup?.width ?? 0);
  return { children, width: base.width + scriptWidth + p.spaceAfterScript, ascent, descent };
}

interface Extent {
  readonly ascent: number;
  readonly descent: number;
}

/**
 * How far a subscript's baseline goes below the base's and a superscript's above it (MathML Core
 * §3.4.1): each at least the font's shift and its clearances from the base, then apart by the
 * gap a pair needs, the superscript no lower than the font allows beside a subscript.
 */
function scriptShifts(p: MathParameters, base: Extent, sub: Extent | undefined, sup: Extent | undefined): { subShift: number; supShift: number } {
  let subShift = sub === undefined ? 0 : Math.max(p.subscriptShiftDown, base.descent + p.subscriptBaselineDropMin, sub.ascent - p.subscriptTopMax);
  let supShift = sup === undefined ? 0 : Math.max(p.superscriptShiftUp, base.ascent - p.superscriptBaselineDropMax, p.superscriptBottomMin + sup.descent);
  if (sub !== undefined && sup !== undefined) {
    const gap = supShift - sup.descent - (sub.ascent - subShift);
    if (gap < p.subSuperscriptGapMin) subShift += p.subSuperscriptGapMin - gap;
    const lift = p.superscriptBottomMaxWithSubscript - (supShift - sup.descent);
    if (lift > 0) {
      supShift += lift;
      subShift -= lift;
    }
  }
  return { subShift, supShift };
}

export function layoutUnderOver(box: MathBox, display: boolean, env: MathEnv): MathContent {
  const [baseBox, second, third] = box.children;
  const underBox = box.layout === 'over' ? undefined : second;
  const overBox = box.layout === 'under' ? undefined : box.layout === 'over' ? second : third;
  const base = env.layout(baseBox!, display);
  const operator = base.operator === undefined ? undefined : operatorProperties(base.operator, 'prefix');
  if (operator?.movablelimits === true && !display) return scripts(box, base, underBox, overBox, env);
  const attribs = box.element?.attribs ?? {};
  const p = env.parameters(box);
  const limits = operator?.largeop === true;
  const under = underBox === undefined ? undefined : env.layout(underBox, false);
  const over = overBox === undefined ? undefined : env.layout(overBox, false);
  const underAccent = attribs['accentunder'] === 'true';
  const overAccent = attribs['accent'] === 'true';
  const underGap = under === undefined ? 0 : limits ? Math.max(p.lowerLimitGapMin, p.lowerLimitBaselineDropMin - under.ascent) : underAccent ? 0 : p.underbarVerticalGap;
  const overGap = over === undefined ? 0 : limits ? Math.max(p.upperLimitGapMin, p.upperLimitBaselineRiseMin - over.descent) : overAccent ? Math.max(0, p.accentBaseHeight - base.ascent) : p.overbarVerticalGap;
  const width = Math.max(base.width, under?.width ?? 0, over?.width ?? 0);
  const ascent = base.ascent + (over === undefined ? 0 : overGap + over.ascent + over.descent);
  const descent = base.descent + (under === undefined ? 0 : underGap + under.ascent + under.descent);
  const children: Fragment[] = [];
  place(children, base, (width - base.width) / 2, ascent - base.ascent);
  if (over !== undefined) place(children, over, (width - over.width) / 2, 0);
  if (under !== undefined) place(children, under, (width - under.width) / 2, ascent + base.descent + underGap);
  return { children, width, ascent, descent };
}

/**
 * `mmultiscripts` (MathML Core §3.4.2): pairs of sub- and superscripts after the base and, after
 * `<mprescripts/>`, before it — every subscript on one shift and every superscript on another,
 * computed as for `msubsup` from the largest of them; each pair a column, a script's space after it.
 */
export function layoutMultiscripts(box: MathBox, display: boolean, env: MathEnv): MathContent {
  const p = env.parameters(box);
  const base = env.layout(box.children[0]!, display);
  const mark = box.children.findIndex((child) => child.element?.name === 'mprescripts');
  const pairs = (from: number, to: number): { sub: MathLaid; sup: MathLaid }[] => {
    const out: { sub: MathLaid; sup: MathLaid }[] = [];
    for (let i = from; i + 1 < to; i += 2) out.push({ sub: env.layout(box.children[i]!, false), sup: env.layout(box.children[i + 1]!, false) });
    return out;
  };
  const post = pairs(1, mark < 0 ? box.children.length : mark);
  const pre = mark < 0 ? [] : pairs(mark + 1, box.children.length);
  const all = [...pre, ...post];
  const subAscent = Math.max(0, maxOf(all.map((pair) => pair.sub.ascent)));
  const subDescent = Math.max(0, maxOf(all.map((pair) => pair.sub.descent)));
  const supAscent = Math.max(0, maxOf(all.map((pair) => pair.sup.ascent)));
  const supDescent = Math.max(0, maxOf(all.map((pair) => pair.sup.descent)));
  const { subShift, supShift } = scriptShifts(p, base, { ascent: subAscent, descent: subDescent }, { ascent: supAscent, descent: supDescent });
  const ascent = Math.max(base.ascent, all.length > 0 ? supShift + supAscent : 0);
  const descent = Math.max(base.descent, all.length > 0 ? subShift + subDescent : 0);
  const children: Fragment[] = [];
  let x = 0;
  // a script's space goes before each prescript pair and after each postscript pair (Chromium)
  const column = (pair: { sub: MathLaid; sup: MathLaid }, alignRight: boolean): void => {
    const width = Math.max(pair.sub.width, pair.sup.width);
    place(children, pair.sub, x + (alignRight ? width - pair.sub.width : 0), ascent + subShift - pair.sub.ascent);
    place(children, pair.sup, x + (alignRight ? width - pair.sup.width : 0), ascent - supShift - pair.sup.ascent);
    x += width;
  };
  for (const pair of pre) {
    x += p.spaceAfterScript;
    column(pair, true);
  }
  place(children, base, x, ascent - base.ascent);
  x += base.width;
  for (const pair of post) {
    column(pair, false);
    x += p.spaceAfterScript;
  }
  return { children, width: x, ascent, descent };
}
