/**
 * The grid track sizing algorithm (CSS Grid 1 §11.3-11.8) for one axis: initialize track sizes,
 * resolve intrinsic track sizes (items spanning one track, then increasing spans, then items
 * crossing flexible tracks), maximize tracks, expand flexible tracks (finding the size of an
 * `fr`) and stretch `auto` tracks. Items are given by their contributions on this axis.
 */
import type { GridBreadth, GridTrackSize } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';
import { maxOf } from '../../append-all.js';

/**
 * The room the grid is sized into on this axis (§11.1 available grid space): a definite size, an
 * intrinsic sizing constraint on the container, or an indefinite size (an auto height): tracks
 * then grow to their limits as under max-content, but items still contribute their minimums.
 */
export type GridSpace = number | 'min-content' | 'max-content' | 'indefinite';

/** A grid item's outer contributions on the axis (§11.5). */
export interface SizingItem {
  readonly start: number;
  readonly end: number;
  readonly minContent: number;
  readonly maxContent: number;
  /** Outer size from a definite `min-width`/`min-height`; undefined for an automatic minimum size (§6.6). */
  readonly minimum: number | undefined;
}

type Min = { readonly kind: 'fixed'; readonly value: number } | { readonly kind: 'auto' | 'min-content' | 'max-content' };
type Max = Min | { readonly kind: 'fr'; readonly flex: number } | { readonly kind: 'fit-content'; readonly limit: number };

interface Track {
  readonly min: Min;
  readonly max: Max;
  base: number;
  limit: number;
  infinitelyGrowable: boolean;
}

function breadth(value: GridBreadth, basis: number | undefined): Max {
  if (value === 'auto' || value === 'min-content' || value === 'max-content') return { kind: value };
  if (typeof value === 'object' && 'fr' in value) return { kind: 'fr', flex: value.fr };
  // A percentage of an indefinite size behaves as auto (§7.2.1).
  if (typeof value !== 'number' && basis === undefined) return { kind: 'auto' };
  return { kind: 'fixed', value: Math.max(0, resolveLength(value, basis ?? 0)) };
}

/** §11.4 Initialize track sizes. */
function initTrack(size: GridTrackSize, basis: number | undefined): Track {
  let min: Min;
  let max: Max;
  if (size.kind === 'fit-content') {
    min = { kind: 'auto' };
    const limit = typeof size.limit !== 'number' && basis === undefined ? Infinity : resolveLength(size.limit, basis ?? 0);
    max = limit === Infinity ? { kind: 'max-content' } : { kind: 'fit-content', limit: Math.max(0, limit) };
  } else {
    const m = breadth(size.min, basis);
    min = m.kind === 'fr' || m.kind === 'fit-content' ? { kind: 'auto' } : m;
    max = breadth(size.max, basis);
  }
  const base = min.kind === 'fixed' ? min.value : 0;
  const limit = max.kind === 'fixed' ? Math.max(base, max.value) : Infinity;
  return { min, max, base, limit, infinitelyGrowable: false };
}

const isIntrinsicMin = (t: Track): boolean => t.min.kind !== 'fixed';
const isFlexible = (t: Track): boolean => t.max.kind === 'fr';
const isIntrinsicMax = (t: Track): boolean => t.max.kind === 'auto' || t.max.kind === 'min-content' || t.max.kind === 'max-content' || t.max.kind === 'fit-content';
const isMaxContentMax = (t: Track): boolean => t.max.kind === 'auto' || t.max.kind === 'max-content' || t.max.kind === 'fit-content';

interface Context {
  readonly tracks: Track[];
  readonly gap: number;
  readonly space: GridSpace;
}

function spanned(ctx: Context, item: SizingItem): Track[] {
  return ctx.tracks.slice(item.start, item.end);
}

/** The item's minimum contribution (§6.6 automatic minimum size, §11.5). */
function minimumContribution(ctx: Context, item: SizingItem): number {
  if (item.minimum !== undefined) return item.minimum;
  const tracks = spanned(ctx, item);
  // The automatic minimum is content-based only across an auto minimum, and never for a span crossing flexible tracks (§6.6).
  if (!tracks.some((t) => t.min.kind === 'auto') || (tracks.length > 1 && tracks.some(isFlexible))) return 0;
  let content = item.minContent;
  // An item spanning only tracks with a fixed max is clamped to fit them.
  if (tracks.every((t) => t.max.kind === 'fixed')) {
    const room = tracks.reduce((sum, t) => sum + (t.max.kind === 'fixed' ? t.max.value : 0), 0) + ctx.gap * (tracks.length - 1);
    content = Math.min(content, room);
  }
  return content;
}

/** What an auto minimum takes: the limited min-content contribution under an intrinsic constraint, else the minimum contribution. */
function autoMinimum(ctx: Context, item: SizingItem): number {
  const minimum = minimumContribution(ctx, item);
  if (ctx.space !== 'min-content' && ctx.space !== 'max-content') return minimum;
  const tracks = spanned(ctx, item);
  let limited = item.minContent;
  if (tracks.length === 1) {
    const max = tracks[0]!.max;
    if (max.kind === 'fixed') limited = Math.min(limited, max.value);
    if (max.kind === 'fit-content') limited = Math.min(limited, max.limit);
  }
  return Math.max(limited, minimum);
}

/** §11.5 step 2: items spanning exactly one non-flexible track. */
function sizeSingleSpans(ctx: Context, items: readonly SizingItem[]): void {
  // by track once: filtering every item for each track made a grid of n rows cost n² (3,000 cards: 0.5 s)
  const byTrack = new Map<number, SizingItem[]>();
  for (const item of items) {
    if (item.end !== item.start + 1) continue;
    const list = byTrack.get(item.start);
    if (list === undefined) byTrack.set(item.start, [item]);
    else list.push(item);
  }
  ctx.tracks.forEach((track, index) => {
    if (isFlexible(track)) return;
    const inTrack = byTrack.get(index);
    if (inTrack === undefined) return;
    const most = (f: (item: SizingItem) => number): number => Math.max(0, maxOf(inTrack.map(f)));
    switch (track.min.kind) {
      case 'min-content': track.base = Math.max(track.base, most((i) => i.minContent)); break;
      case 'max-content': track.base = Math.max(track.base, most((i) => i.maxContent)); break;
      case 'auto': track.base = Math.max(track.base, most((i) => autoMinimum(ctx, i))); break;
      case 'fixed': break;
    }
    const maxContent = most((i) => i.maxContent);
    switch (track.max.kind) {
      case 'min-content': track.limit = most((i) => i.minContent); break;
      case 'max-content': case 'auto': track.limit = maxContent; break;
      case 'fit-content': track.limit = Math.min(maxContent, Math.max(track.max.limit, track.base)); break;
      default: break;
    }
    if (track.limit < track.base) track.limit = track.base;
  });
}

/**
 * §11.5.1 Distribute extra space: `contribution` less the tracks' current sizes goes to the
 * affected tracks equally, each up to its growth limit first (for base sizes), then beyond it.
 * `items` all span the same number of tracks.
 * Tracks are found by index and the planned increases kept in arrays: a thousand items spanning
 * 10,000 rows each made maps of every item's tracks (7.5 s).
 */
function distribute(ctx: Context, items: readonly SizingItem[], affected: (t: Track) => boolean, contribution: (i: SizingItem) => number, target: 'base' | 'limit'): void {
  const tracks = ctx.tracks;
  const size = target === 'base' ? (t: Track): number => t.base : (t: Track): number => (t.limit === Infinity ? t.base : t.limit);
  // Equally, frozen at the growth limit (for limits: only infinitely growable tracks are unbounded).
  const cap = target === 'base' ? (t: Track): number => t.limit : (t: Track): number => (t.limit === Infinity || t.infinitelyGrowable ? Infinity : t.limit);
  const planned = new Float64Array(tracks.length);
  const touched = new Uint8Array(tracks.length);
  const chosen: number[] = [];
  let open: number[] = [];
  for (const [item, wanted] of largestBySpan(items, contribution).values()) {
    chosen.length = 0;
    let current = 0;
    for (let index = item.start; index < item.end; index++) {
      const t = tracks[index]!;
      current += size(t);
      if (affected(t)) chosen.push(index);
    }
    if (chosen.length === 0) continue;
    let extra = wanted - current - ctx.gap * (item.end - item.start - 1);
    if (extra <= 0) continue;
    // increase[k] is chosen[k]'s; open holds positions in chosen
    const increase = new Float64Array(chosen.length);
    open.length = 0;
    for (let k = 0; k < chosen.length; k++) if (size(tracks[chosen[k]!]!) < cap(tracks[chosen[k]!]!)) open.push(k);
    while (extra > 1e-9 && open.length > 0) {
      const share = extra / open.length;
      const next: number[] = [];
      for (const k of open) {
        const t = tracks[chosen[k]!]!;
        const add = Math.min(share, cap(t) - size(t) - increase[k]!);
        increase[k] += add;
        extra -= add;
        if (add < share - 1e-9) continue;
        next.push(k);
      }
      if (next.length === open.length) break;
      open = next;
    }
    if (extra > 1e-9) {
      // Beyond the limits: to tracks with an intrinsic max (for base sizes), else to all of them.
      const beyond = target === 'base' ? chosen.map((index) => isMaxContentMax(tracks[index]!) || tracks[index]!.max.kind === 'min-content') : [];
      const count = beyond.filter(Boolean).length;
      for (let k = 0; k < chosen.length; k++) {
        if (count === 0) increase[k] += extra / chosen.length;
        else if (beyond[k] === true) increase[k] += extra / count;
      }
    }
    for (let k = 0; k < chosen.length; k++) {
      const index = chosen[k]!;
      touched[index] = 1;
      planned[index] = Math.max(planned[index]!, increase[k]!);
    }
  }
  for (let index = 0; index < tracks.length; index++) {
    if (touched[index] === 0) continue;
    const t = tracks[index]!;
    const add = planned[index]!;
    if (target === 'base') {
      t.base += add;
      if (t.limit < t.base) t.limit = t.base;
    } else {
      if (t.limit === Infinity && add > 0) t.infinitelyGrowable = true;
      t.limit = (t.limit === Infinity ? t.base : t.limit) + add;
    }
  }
}

/**
 * Per span, the item wanting the most and what it wants: an item's increases grow with what it
 * wants, and the tracks take the largest planned increase, so the others of its span change
 * nothing (10,000 items across the same rows are sized as one). `items` are of one span length
 * (sizeSpanningItems' groups), so an item's first track names its span.
 */
function largestBySpan(items: readonly SizingItem[], contribution: (i: SizingItem) => number): Map<number, [SizingItem, number]> {
  const largest = new Map<number, [SizingItem, number]>();
  for (const item of items) {
    const wanted = contribution(item);
    const known = largest.get(item.start);
    if (known === undefined || wanted > known[1]) largest.set(item.start, [item, wanted]);
  }
  return largest;
}

/** Whether any of the item's tracks is flexible. */
function spansFlexible(ctx: Context, item: SizingItem): boolean {
  for (let index = item.start; index < item.end; index++) if (isFlexible(ctx.tracks[index]!)) return true;
  return false;
}

/** §11.5 steps 3-4: spanning items by increasing span, then items crossing flexible tracks. */
function sizeSpanningItems(ctx: Context, items: readonly SizingItem[]): void {
  const bySpan = new Map<number, SizingItem[]>();
  for (const item of items) {
    const span = item.end - item.start;
    if (span <= 1 || spansFlexible(ctx, item)) continue;
    const group = bySpan.get(span);
    if (group === undefined) bySpan.set(span, [item]);
    else group.push(item);
  }
  const fitContent = ctx.tracks.filter((t) => t.max.kind === 'fit-content');
  for (const span of [...bySpan.keys()].sort((a, b) => a - b)) {
    const group = bySpan.get(span)!;
    distribute(ctx, group, isIntrinsicMin, (i) => autoMinimum(ctx, i), 'base');
    distribute(ctx, group, (t) => t.min.kind === 'min-content' || t.min.kind === 'max-content', (i) => i.minContent, 'base');
    distribute(ctx, group, (t) => t.min.kind === 'max-content', (i) => i.maxContent, 'base');
    distribute(ctx, group, isIntrinsicMax, (i) => i.minContent, 'limit');
    distribute(ctx, group, isMaxContentMax, (i) => i.maxContent, 'limit');
    for (const t of fitContent) if (t.max.kind === 'fit-content') t.limit = Math.max(t.base, Math.min(t.limit, t.max.limit));
  }
  // Items crossing flexible tracks: their minimum goes to the flexible tracks (§11.5 step 4).
  const flexing = items.filter((item) => spansFlexible(ctx, item));
  distributeToFlexible(ctx, flexing);
  for (const t of ctx.tracks) if (t.limit === Infinity) t.limit = t.base;
}

/**
 * §11.5 step 4: items crossing flexible tracks grow the base sizes of those with an intrinsic
 * minimum, in proportion to their flex factors whatever their sum (0.2fr and 0.3fr take 2/5 and
 * 3/5, as Chromium shares it), equally when they are all 0fr.
 */
function distributeToFlexible(ctx: Context, items: readonly SizingItem[]): void {
  const planned = new Map<Track, number>();
  for (const item of items) {
    const tracks = spanned(ctx, item);
    const chosen = tracks.filter((t) => isFlexible(t) && isIntrinsicMin(t));
    if (chosen.length === 0) continue;
    const extra = autoMinimum(ctx, item) - sumBase(tracks) - ctx.gap * (tracks.length - 1);
    if (extra <= 0) continue;
    const flex = (t: Track): number => (t.max.kind === 'fr' ? t.max.flex : 0);
    const sum = chosen.reduce((total, t) => total + flex(t), 0);
    for (const t of chosen) {
      const add = sum > 0 ? (extra * flex(t)) / sum : extra / chosen.length;
      planned.set(t, Math.max(planned.get(t) ?? 0, add));
    }
  }
  for (const [t, add] of planned) t.base += add;
}

function sumBase(tracks: readonly Track[]): number {
  return tracks.reduce((sum, t) => sum + t.base, 0);
}

/** §11.7.1 Find the size of an fr: the flexible tracks share `space`, those whose base is larger are treated as inflexible. */
function frSize(tracks: readonly Track[], space: number): number {
  let inflexible = new Set<Track>(tracks.filter((t) => !isFlexible(t)));
  for (;;) {
    const flexTracks = tracks.filter((t) => !inflexible.has(t));
    const leftover = space - tracks.filter((t) => inflexible.has(t)).reduce((sum, t) => sum + t.base, 0);
    const flexSum = flexTracks.reduce((sum, t) => sum + (t.max.kind === 'fr' ? t.max.flex : 0), 0);
    const hypothetical = leftover / Math.max(1, flexSum);
    const tooBig = flexTracks.filter((t) => t.max.kind === 'fr' && t.max.flex * hypothetical < t.base);
    if (tooBig.length === 0) return Math.max(0, hypothetical);
    inflexible = new Set([...inflexible, ...tooBig]);
  }
}

/** §11.7 Expand flexible tracks. */
function expandFlexible(ctx: Context, items: readonly SizingItem[]): void {
  const flexTracks = ctx.tracks.filter(isFlexible);
  if (flexTracks.length === 0 || ctx.space === 'min-content') return;
  const gaps = ctx.gap * Math.max(0, ctx.tracks.length - 1);
  let fr: number;
  if (typeof ctx.space === 'number') {
    if (ctx.space - gaps - sumBase(ctx.tracks) <= 0) return;
    fr = frSize(ctx.tracks, ctx.space - gaps);
  } else {
    fr = 0;
    for (const t of flexTracks) {
      const flex = t.max.kind === 'fr' ? t.max.flex : 0;
      fr = Math.max(fr, flex > 1 ? t.base / flex : t.base);
    }
    for (const item of items) {
      const tracks = spanned(ctx, item);
      if (!tracks.some(isFlexible)) continue;
      fr = Math.max(fr, frSize(tracks, item.maxContent - ctx.gap * (tracks.length - 1)));
    }
  }
  for (const t of flexTracks) if (t.max.kind === 'fr') t.base = Math.max(t.base, fr * t.max.flex);
}

export interface TrackSizingInput {
  readonly sizes: readonly GridTrackSize[];
  readonly items: readonly SizingItem[];
  readonly space: GridSpace;
  /** The basis of percentage track sizes (the content box size when definite). */
  readonly basis: number | undefined;
  readonly gap: number;
  /** `justify-content`/`align-content` is `normal` or `stretch`: auto tracks take the free space (§11.8). */
  readonly stretchAuto: boolean;
}

/** Runs the track sizing algorithm and returns the used size of each track. */
export function sizeTracks(input: TrackSizingInput): number[] {
  const ctx: Context = { tracks: input.sizes.map((size) => initTrack(size, input.basis)), gap: input.gap, space: input.space };
  sizeSingleSpans(ctx, input.items);
  sizeSpanningItems(ctx, input.items);
  const gaps = input.gap * Math.max(0, ctx.tracks.length - 1);
  // §11.6 Maximize tracks.
  if (input.space === 'max-content' || input.space === 'indefinite') {
    for (const t of ctx.tracks) t.base = Math.max(t.base, t.limit);
  } else if (typeof input.space === 'number') {
    let free = input.space - gaps - sumBase(ctx.tracks);
    let open = ctx.tracks.filter((t) => t.limit > t.base);
    while (free > 1e-9 && open.length > 0) {
      const share = free / open.length;
      for (const t of open) {
        const add = Math.min(share, t.limit - t.base);
        t.base += add;
        free -= add;
      }
      open = open.filter((t) => t.limit > t.base + 1e-9);
    }
  }
  expandFlexible(ctx, input.items);
  // §11.8 Stretch auto tracks.
  if (input.stretchAuto && typeof input.space === 'number') {
    const free = input.space - gaps - sumBase(ctx.tracks);
    const autos = ctx.tracks.filter((t) => t.max.kind === 'auto');
    if (free > 0 && autos.length > 0) for (const t of autos) t.base += free / autos.length;
  }
  return ctx.tracks.map((t) => t.base);
}
