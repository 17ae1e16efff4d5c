/**
 * The explicit grid of one axis (CSS Grid 1 §7): `grid-template-*` expanded (`repeat()`, and
 * the number of `auto-fill`/`auto-fit` repetitions, §7.2.3.2), line names including the
 * implicit `<area>-start`/`<area>-end` names of `grid-template-areas` (§7.3.2), and the sizes of
 * implicit tracks from `grid-auto-*` (§7.6).
 */
import type { GridAreas, GridBreadth, GridSubgrid, GridTrackList, GridTrackSize } from '../../css/types.js';
import { isSubgridTemplate } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';
import type { AxisLines } from './placement.js';
import type { SubgridAxis } from './grid.js';
import { MAX_GRID_TRACKS } from './placement.js';
import { appendAll } from '../../append-all.js';

export interface ExplicitAxis extends AxisLines {
  /** Sizes of the explicit tracks. */
  readonly sizes: readonly GridTrackSize[];
  /** Tracks an `auto-fit` repeat made (they collapse when empty), as explicit track indices. */
  readonly autoFit: readonly number[];
}

/** Sizing constraints of the container on the axis, for the number of automatic repetitions. */
export interface RepeatRoom {
  /** The content-box size if definite, else the max size if definite. */
  readonly size: number | undefined;
  readonly minSize: number | undefined;
  readonly gap: number;
}

/** The axis being built, the room for its auto repeats, and on a subgridded axis what the parent grid gives it. */
export interface AxisOf {
  readonly axis: 'rows' | 'columns';
  readonly room: RepeatRoom;
  readonly subgrid: SubgridAxis | undefined;
}

const SUBGRID_TRACK: GridTrackSize = { kind: 'minmax', min: 'auto', max: 'auto' };

export function explicitAxis(template: GridTrackList | GridSubgrid | 'none', areas: GridAreas | 'none', of: AxisOf, autoSizes: readonly GridTrackSize[]): ExplicitAxis {
  const { axis, room } = of;
  const sizes: GridTrackSize[] = [];
  let lineNames: string[][] = [[]];
  const autoFit: number[] = [];
  // A `subgrid` without a parent grid's span (none to take tracks from) is `none` (CSS Grid 2 §9).
  const isSubgrid = isSubgridTemplate(template);
  const list = isSubgrid ? 'none' : template;
  const subgrid = isSubgrid ? of.subgrid : undefined;
  if (subgrid !== undefined) {
    for (let i = 0; i < subgrid.count; i++) sizes.push(SUBGRID_TRACK);
    lineNames = subgridLineNames(template as GridSubgrid, subgrid.count + 1);
  }
  if (list !== 'none') {
    const repeatCount = autoRepeatCount(list, room);
    list.entries.forEach((entry, i) => {
      appendAll(lineNames[lineNames.length - 1]!, list.names[i]!);
      if (entry.kind !== 'repeat') {
        sizes.push(entry);
        lineNames.push([]);
        return;
      }
      const times = typeof entry.count === 'number' ? entry.count : repeatCount;
      for (let t = 0; t < times && sizes.length < MAX_GRID_TRACKS; t++) {
        entry.tracks.forEach((track, k) => {
          appendAll(lineNames[lineNames.length - 1]!, entry.names[k]!);
          if (entry.count === 'auto-fit') autoFit.push(sizes.length);
          sizes.push(track);
          lineNames.push([]);
        });
        appendAll(lineNames[lineNames.length - 1]!, entry.names[entry.tracks.length]!);
      }
    });
    appendAll(lineNames[lineNames.length - 1]!, list.names[list.entries.length]!);
  }
  const areaTracks = areas === 'none' || subgrid !== undefined ? 0 : axis === 'rows' ? areas.rows : areas.columns;
  for (let i = sizes.length; i < areaTracks; i++) {
    sizes.push(autoSizes[i % autoSizes.length]!);
    lineNames.push([]);
  }
  const names = new Map<string, number[]>();
  const add = (name: string, line: number): void => {
    const lines = names.get(name) ?? [];
    if (!lines.includes(line)) lines.push(line);
    names.set(name, lines);
  };
  lineNames.forEach((list, i) => list.forEach((name) => add(name, i + 1)));
  subgrid?.names.forEach((lines, name) => lines.forEach((line) => add(name, line)));
  if (areas !== 'none') {
    for (const area of areas.areas) {
      add(`${area.name}-start`, axis === 'rows' ? area.rowStart : area.columnStart);
      add(`${area.name}-end`, axis === 'rows' ? area.rowEnd : area.columnEnd);
    }
  }
  for (const lines of names.values()) lines.sort((a, b) => a - b);
  return { explicitTracks: sizes.length, names, sizes, autoFit };
}

/** A subgrid's names for its `lines` lines: its list, `repeat(auto-fill, …)` repeated as often as it fits whole (CSS Grid 2 §9, §7.2). */
function subgridLineNames(subgrid: GridSubgrid, lines: number): string[][] {
  let names = subgrid.lineNames.map((list) => [...list]);
  const fill = subgrid.autoFill;
  if (fill !== undefined && fill.lineNames.length > 0) {
    const times = Math.max(0, Math.floor((lines - names.length) / fill.lineNames.length));
    const repeated = Array.from({ length: times }, () => fill.lineNames.map((list) => [...list])).flat();
    names = [...names.slice(0, fill.at), ...repeated, ...names.slice(fill.at)];
  }
  return Array.from({ length: lines }, (_, i) => names[i] ?? []);
}

/** A track's fixed size for counting repetitions: its max function if definite, else its min (§7.2.3.2). */
function fixedSize(size: GridTrackSize, basis: number | undefined): number | undefined {
  const definite = (breadth: GridBreadth): number | undefined => {
    if (typeof breadth === 'string' || (typeof breadth === 'object' && 'fr' in breadth)) return undefined;
    if (typeof breadth !== 'number' && basis === undefined) return undefined;
    return resolveLength(breadth, basis ?? 0);
  };
  if (size.kind === 'fit-content') return undefined;
  const max = definite(size.max);
  const min = definite(size.min);
  if (max !== undefined && min !== undefined) return Math.max(min, max);
  return max ?? min;
}

function autoRepeatCount(list: GridTrackList, room: RepeatRoom): number {
  const repeat = list.entries.find((entry) => entry.kind === 'repeat' && typeof entry.count === 'string');
  if (repeat === undefined || repeat.kind !== 'repeat') return 0;
  const limit = room.size ?? room.minSize;
  if (limit === undefined) return 1;
  const basis = room.size;
  let fixed = 0;
  let tracks = 0;
  for (const entry of list.entries) {
    if (entry === repeat) continue;
    const sizes = entry.kind === 'repeat' ? Array.from({ length: Math.min(entry.count as number, MAX_GRID_TRACKS) }, () => entry.tracks).flat() : [entry];
    for (const size of sizes) fixed += fixedSize(size, basis) ?? 0;
    tracks += sizes.length;
  }
  const one = repeat.tracks.reduce((sum, size) => sum + Math.max(0, fixedSize(size, basis) ?? 0), 0);
  // n repetitions fit when fixed + n * one + (tracks + n * r - 1) gaps <= limit.
  const perRepeat = one + repeat.tracks.length * room.gap;
  if (perRepeat <= 0) return 1;
  const free = limit - fixed - (tracks - 1) * room.gap;
  // Without a definite size, the smallest count that fills the min size.
  const count = room.size !== undefined ? Math.floor(free / perRepeat + 1e-9) : Math.ceil(free / perRepeat - 1e-9);
  return Math.max(1, Math.min(count, MAX_GRID_TRACKS));
}

/** The size of track `index` (0-based in the final grid) on an axis with `offset` implicit tracks before the explicit ones. */
export function trackSizeAt(axis: ExplicitAxis, autoSizes: readonly GridTrackSize[], offset: number, index: number): GridTrackSize {
  const explicit = index - offset;
  if (explicit >= 0 && explicit < axis.sizes.length) return axis.sizes[explicit]!;
  const n = autoSizes.length;
  const k = explicit >= 0 ? (explicit - axis.sizes.length) % n : (((explicit % n) + n) % n);
  return autoSizes[k]!;
}
