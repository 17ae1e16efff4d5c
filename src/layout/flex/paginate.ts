/**
 * Flex layout across pages (CSS Flexbox 1 §10, CSS Fragmentation 3): a row container's lines
 * stack down the page and a line that does not fit breaks inside its items in parallel, as
 * Chromium prints a Bootstrap `.row` (it moves to the next page whole when an item cannot break:
 * an image, `break-inside: avoid`, or nothing of it fits). A single-line column container breaks between
 * items, and inside an item taller than the room left. Lines and items are taken from the top, so
 * `wrap-reverse` and `column-reverse` break too (a multi-line column container does not).
 * `break-before/after: page` on any item of the lines around a break force it; `break-inside: avoid` items move whole
 * (with their line, or alone when they start below its top: push-item.ts).
 */
import type { FlexBox } from '../../boxes/types.js';
import type { BreakToken, ForcedBreak, Fragmentainer } from '../contract.js';
import { forcedBreakAtStart, forcedBreakInside, forcedPageBreakBetween } from '../break-token.js';
import { extendsToEnd } from '../contract.js';
import type { FlexEnv } from './env.js';
import type { FlexPlan, PlannedItem } from './plan.js';
import type { PhysicalBox, PlacedItem } from './place.js';
import { physicalBox, placeItem } from './place.js';
import { emptyPiece, stretchToPageEnd, stretchToUnitEnd, stretchedToLineEnd } from './stretched-pieces.js';
import { maxOf } from '../../append-all.js';
import { belowRowTop, cannotBreakInside, pushedAlone, pushedTop } from './push-item.js';

export interface FlowResult {
  readonly placed: readonly PlacedItem[];
  readonly breakToken: BreakToken | undefined;
  readonly pushed: boolean;
}

interface Unit {
  readonly items: readonly { readonly planned: PlannedItem; readonly box: PhysicalBox }[];
  readonly top: number;
  readonly bottom: number;
  /** An item holds a forced break: laid out against the page even when the unit fits. */
  readonly forcedInside: boolean;
}

export interface Origin {
  readonly mode: 'layout' | 'measure';
  readonly x: number;
  readonly y: number;
}

/** Every item of the plan, laid out in place (nothing fragments). */
export function placeAll(plan: FlexPlan, env: FlexEnv, origin: Origin): PlacedItem[] {
  return plan.lines.flatMap((line) => line.items.map((planned) => placeItem(planned, physicalBox(planned, env, plan.innerMain, plan.innerCross), env, {
    mode: origin.mode, originX: origin.x, originY: origin.y,
  })!));
}

/**
 * Some item asks for a page break before or after it, or holds one inside (CSS Fragmentation 3
 * §3.1): the plan cannot stay on one page. (Once per plan: asked each time the container is laid out.)
 */
export function forcesBreak(plan: FlexPlan): boolean {
  let forces = FORCES.get(plan);
  if (forces === undefined) {
    const all = plan.lines.flatMap((line) => line.items);
    forces = all.some((p, i) => (i > 0 && forcedPageBreakBetween([all[i - 1]!.item.box], [p.item.box]) !== undefined) || forcedBreakInside(p.item.box))
      || (plan.lines[0]?.items.some((p) => forcedBreakAtStart(p.item.box) !== undefined) ?? false);
    FORCES.set(plan, forces);
  }
  return forces;
}

const FORCES = new WeakMap<FlexPlan, boolean>();

/**
 * The lines (rows) or items (a single-line column) stacked down the page, from the top (the last
 * line first in `wrap-reverse`, the last item first in `column-reverse`); undefined when the
 * container cannot fragment so (a multi-line column container).
 */
function unitsOf(plan: FlexPlan, env: FlexEnv): readonly Unit[] | undefined {
  // (once per plan: a container split over pages is placed once per page, with the same plan and
  // an equal env — both made from the same sizes, the plan's key)
  let units = UNITS.get(plan);
  if (units === undefined) {
    units = unitsOfPlan(plan, env) ?? null;
    UNITS.set(plan, units);
  }
  return units ?? undefined;
}

const UNITS = new WeakMap<FlexPlan, readonly Unit[] | null>();

function unitsOfPlan(plan: FlexPlan, env: FlexEnv): Unit[] | undefined {
  const boxOf = (planned: PlannedItem): { planned: PlannedItem; box: PhysicalBox } => ({ planned, box: physicalBox(planned, env, plan.innerMain, plan.innerCross) });
  if (env.axes.row) {
    const lines = plan.lines.map((line) => {
      const top = env.axes.crossReverse ? plan.innerCross - line.crossStart - line.crossSize : line.crossStart;
      return { items: line.items.map(boxOf), top, bottom: top + line.crossSize, forcedInside: line.items.some((p) => forcedBreakInside(p.item.box)) };
    });
    return env.axes.crossReverse ? lines.reverse() : lines;
  }
  if (plan.lines.length !== 1) return undefined;
  const items = plan.lines[0]!.items.map((planned) => {
    const entry = boxOf(planned);
    const margin = env.axes.reversed ? { top: planned.item.main.marginEnd, bottom: planned.item.main.marginStart } : { top: planned.item.main.marginStart, bottom: planned.item.main.marginEnd };
    return { items: [entry], top: entry.box.y - margin.top, bottom: entry.box.y + entry.box.height + margin.bottom, forcedInside: forcedBreakInside(planned.item.box) };
  });
  return env.axes.reversed ? items.reverse() : items;
}

/** A forced break between lines joins the values of their items, as Blink does (break-token.ts). */
function forcedBetween(before: Unit, after: Unit): ForcedBreak | undefined {
  return forcedPageBreakBetween(before.items.map((i) => i.planned.item.box), after.items.map((i) => i.planned.item.box));
}

const avoids = (value: string): boolean => value === 'avoid' || value === 'avoid-page';

/** `break-after: avoid` on the last item before, or `break-before: avoid` on the first after. */
function avoidedBetween(before: Unit, after: Unit): boolean {
  return avoids(before.items[before.items.length - 1]!.planned.item.style.breakAfter) || avoids(after.items[0]!.planned.item.style.breakBefore);
}

/**
 * Where to break when unit `at` does not fit: before it, or before an earlier unit of this page
 * when breaks in between are avoided (CSS Fragmentation 3 §4.4); `at` itself if all of them are.
 */
function breakBefore(units: readonly Unit[], start: number, at: number): number {
  for (let u = at; u > start; u--) if (!avoidedBetween(units[u - 1]!, units[u]!)) return u;
  return at;
}

type Entry = Unit['items'][number];

/**
 * Where an item goes on this page: an item going on at its top, one pushed alone where the
 * earlier pages left it (push-item.ts), the others where they stand, `shift` above.
 */
function boxOnPage(i: Entry, tokens: ReadonlyMap<number, BreakToken | undefined>, shift: number, resume: BreakToken | undefined): PhysicalBox {
  const index = i.planned.item.index;
  if (!tokens.has(index)) return { ...i.box, y: i.box.y - shift };
  return { ...i.box, y: tokens.get(index) === undefined ? pushedTop(i, resume?.kind === 'block' ? resume.consumed ?? 0 : 0) : 0 };
}

/**
 * Where placed items end below `originY`: a row item that ends on this page counts its bottom
 * margin, as Chromium ends a row that went on over a break (a column item's is left out).
 */
export function contentEnd(placed: readonly PlacedItem[], env: FlexEnv, originY: number): number {
  const margin = (p: PlacedItem): number => (env.axes.row && p.output.breakToken === undefined ? p.planned.item.cross.marginEnd : 0);
  return Math.max(0, maxOf(placed.map((p) => p.fragment.y + p.fragment.height + margin(p) - originY)));
}

/**
 * What goes on from `resume`: the items by index, each from its token or afresh (pushed alone,
 * push-item.ts), and the unit to start with — the one split, looked for from before `next` (tokenAt).
 */
function goingOn(resume: BreakToken | undefined, units: readonly Unit[]): { tokens: Map<number, BreakToken | undefined>; start: number } {
  const tokens = new Map<number, BreakToken | undefined>();
  if (resume?.kind !== 'block') return { tokens, start: 0 };
  for (const child of resume.children) tokens.set(child.index, child.token);
  for (const index of resume.brokeBefore ?? []) tokens.set(index, undefined);
  let start = Math.min(resume.next, units.length);
  for (let u = Math.max(0, start - 1); tokens.size > 0 && u < units.length; u++) {
    if (!units[u]!.items.some((i) => tokens.has(i.planned.item.index))) continue;
    start = u;
    break;
  }
  return { tokens, start };
}

/**
 * The items that go on this page, from where `resume` left off, and the token to go on with:
 * its `next` is the first unit (from the top) not started, its children the items of a unit
 * split across pages (by item index), its `stretching` the stretched items of that unit whose
 * content is done (stretched-pieces.ts).
 */
export function placeFragmented(
  container: FlexBox, plan: FlexPlan, env: FlexEnv, origin: Origin, at: { readonly page: Fragmentainer; readonly resume: BreakToken | undefined },
): FlowResult {
  const { page, resume } = at;
  const units = unitsOf(plan, env);
  if (units === undefined) return { placed: placeAll(plan, env, origin), breakToken: undefined, pushed: false };
  const { tokens, start } = goingOn(resume, units);
  const stretching = new Set(resume?.kind === 'block' ? resume.stretching ?? [] : []);
  // A unit going on after a break starts the page; units none of which began on the earlier pages
  // (the first started below the page end) keep their place in what is left of the content box.
  const noneBegan = resume?.kind === 'block' && resume.next === 0 && tokens.size === 0;
  let shift = resume === undefined || start >= units.length ? 0 : noneBegan ? resume.consumed ?? 0 : units[start]!.top;
  const placed: PlacedItem[] = [];
  // How many items were placed before each unit, to take units back for an avoided break.
  const placedBefore: number[] = [];
  const breakAt = (u: number): FlowResult => {
    const b = breakBefore(units, start, u);
    return { placed: placed.slice(0, placedBefore[b]), breakToken: tokenAt(b), pushed: false };
  };
  const tokenAt = (unit: number, children: { index: number; token: BreakToken }[] = [], forced?: ForcedBreak, goOn: readonly number[] = [], brokeBefore: readonly number[] = []): BreakToken => ({
    kind: 'block', box: container, children, next: unit, ...(forced !== undefined ? { forced } : {}), ...(goOn.length > 0 ? { stretching: goOn } : {}), ...(brokeBefore.length > 0 ? { brokeBefore } : {}),
  });
  // a forced break the first unit's items carry to the container's start: it moves to the next page
  // unless it is the page's first content, as Chromium prints it (CSS Fragmentation 3 §3.1)
  if (resume === undefined && !page.atTop && units.length > 0 && units[0]!.items.some((i) => forcedBreakAtStart(i.planned.item.box) !== undefined)) {
    return { placed, breakToken: undefined, pushed: true };
  }
  for (let u = start; u < units.length; u++) {
    const unit = units[u]!;
    placedBefore[u] = placed.length;
    if (u > start) {
      const forced = forcedBetween(units[u - 1]!, unit);
      if (forced !== undefined) return { placed, breakToken: tokenAt(u, [], forced), pushed: false };
    }
    // Of a unit split across pages, only the unfinished items go on.
    const resumed = u === start && tokens.size > 0;
    // The first unit starts below the page end, after some of the content box (`justify-content:
    // flex-end`): the container's empty start stays on this page, its items go on, as in Chromium.
    // (Only where the container reaches the page end, which its token then counts as consumed; at
    // a page top, free space taller than the page overflows it instead of making empty pages.)
    if (u === start && placed.length === 0 && !resumed && !page.atTop && extendsToEnd(page) && unit.top - shift > 0.01 && origin.y + unit.top - shift >= page.bottom - 0.01) {
      return { placed, breakToken: tokenAt(u), pushed: false };
    }
    // (and its stretched items whose content ended on an earlier page, as empty pieces)
    const live = resumed ? unit.items.filter((i) => tokens.has(i.planned.item.index) || stretching.has(i.planned.item.index)) : unit.items;
    const at = (i: Entry): PhysicalBox => boxOnPage(i, tokens, shift, resume);
    const fits = !resumed && origin.y + unit.bottom - shift <= page.bottom + 0.01;
    if (fits && !unit.forcedInside) {
      for (const i of live) placed.push(placeItem(i.planned, at(i), env, { mode: origin.mode, originX: origin.x, originY: origin.y })!);
      continue;
    }
    // (a unit that fits is laid out against the page only for the forced break it holds)
    const atTop = page.atTop && u === start;
    // unbreakable items below the row's top that do not fit go on alone; the others keep the row whole
    const alone: Entry[] = fits || resumed || !env.axes.row ? [] : live.filter((i) => pushedAlone(i, unit.top, page.bottom - origin.y + shift));
    const monolithic = !fits && live.some((i) => !stretching.has(i.planned.item.index) && cannotBreakInside(i.planned) && !alone.includes(i));
    if (u > start && monolithic) return breakAt(u);
    if (!atTop && !resumed && monolithic) return { placed, breakToken: undefined, pushed: true };
    const children: { index: number; token: BreakToken }[] = [];
    const first = placed.length;
    // an item going on truncates its margins at the page top after an unforced break, as Chromium prints it (CSS Fragmentation 3 §5.2)
    for (const i of live) {
      const index = i.planned.item.index;
      if (alone.includes(i)) continue;
      if (resumed && !tokens.has(index)) {
        placed.push(emptyPiece(i.planned, i.box, env, origin));
        continue;
      }
      const options = { mode: origin.mode, originX: origin.x, originY: origin.y, resume: tokens.get(index) };
      // at the page top only an image stays whole: a box that avoids breaking breaks there, as in Chromium
      const whole = i.planned.item.box.kind === 'replaced' || (monolithic && !atTop);
      // (one pushed alone starts afresh: placeItem puts its border box at the top, past its margin)
      const discardTopMargins = resumed && page.discardTopMargins && options.resume !== undefined;
      const inside = whole ? undefined : placeItem(i.planned, at(i), env, { ...options, fragmentainer: { ...page, atTop, discardTopMargins } });
      if (inside === undefined && !atTop) {
        if (env.axes.row && !resumed && belowRowTop(i, unit.top)) {
          alone.push(i);
          continue;
        }
        return u > start ? breakAt(u) : { placed, breakToken: undefined, pushed: true };
      }
      const item = inside ?? placeItem(i.planned, at(i), env, options)!;
      placed.push(resumed ? stretchedToLineEnd(item, unit.bottom, resume) : item);
      if (item.output.breakToken !== undefined) children.push({ index, token: item.output.breakToken });
    }
    // the unit goes on — a forced break inside an item of a unit that fits, an item pushed alone
    // (push-item.ts) —: so do its stretched items, to the page end
    if (children.length > 0 || alone.length > 0) {
      return { placed, breakToken: tokenAt(u + 1, children, undefined, stretchToPageEnd(placed, first, page.bottom), alone.map((i) => i.planned.item.index)), pushed: false };
    }
    if (resumed) stretchToUnitEnd(placed, first);
    // The unit ended on this page, maybe shorter than planned (resumed items): the next one follows it.
    const end = contentEnd(placed.slice(first), env, origin.y);
    if (resumed) shift = unit.bottom - end;
  }
  return { placed, breakToken: undefined, pushed: false };
}
