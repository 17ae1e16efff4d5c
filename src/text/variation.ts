/**
 * Variable fonts (OpenType `fvar`): the instance a face is drawn in, per CSS Fonts 4 §7.3
 * "Font feature and variation resolution". In order, later steps winning: font-weight → `wght`
 * (clamped into the `@font-face` weight range, §5.2), font-stretch → `wdth`, font-style → `ital`
 * or `slnt`, `font-optical-sizing: auto` → `opsz` = the font size in px (none: left at its default), then the `@font-face`
 * rule's `font-variation-settings`, then the element's. Every value is clamped into the axis's range (OpenType `fvar`).
 *
 * The instance is fontkit's (`getVariation`: gvar outlines, HVAR advances); shaping, metrics and
 * the PDF subset all read that one object, cached per font and coordinates.
 */
import type { FaceEntry } from './face.js';
import type { FontProgram } from './fontkit.js';
import type { MatchWanted } from './match.js';
import { DEFAULT_OBLIQUE_ANGLE } from './match.js';
import { FontkitInternalsError } from './fontkit-internals.js';

/** What the instance depends on besides the matching descriptors. */
export interface VariationWanted extends MatchWanted {
  /** px, for `opsz`. */
  readonly size?: number;
  readonly variations?: readonly { readonly tag: string; readonly value: number }[];
  /** `false` for `font-optical-sizing: none`. */
  readonly opticalSizing?: false;
}

interface Axis {
  readonly min: number;
  readonly default: number;
  readonly max: number;
}

/** A font program as fontkit parses a variable one. */
interface VariableProgram {
  readonly variationAxes?: Readonly<Record<string, Axis>>;
  getVariation?(coords: Readonly<Record<string, number>>): FontProgram;
}


/** The axes of a variable font, or undefined for a static one. */
export function variationAxes(program: FontProgram): Readonly<Record<string, Axis>> | undefined {
  const axes = (program as unknown as VariableProgram).variationAxes;
  return axes !== undefined && Object.keys(axes).length > 0 ? axes : undefined;
}

/**
 * Whether fontkit can name every variation axis: listing the axes (TTFFont#variationAxes) reads
 * each `fvar` axis's name from the name table, and one the table lacks threw a TypeError while the
 * font loaded (FUZZ_SEED=8769: a damaged WOFF2 file).
 */
export function variationAxesNamed(program: object): boolean {
  const axes: unknown = ((program as { readonly fvar?: { readonly axis?: unknown } }).fvar)?.axis;
  return !Array.isArray(axes) || axes.every((axis: unknown) => typeof axis === 'object' && axis !== null && typeof (axis as { name?: unknown }).name === 'object');
}

/** Axis coordinates for `wanted` in `entry`'s font, every axis, sorted by tag. */
export function variationCoords(entry: FaceEntry, axes: Readonly<Record<string, Axis>>, wanted: VariationWanted): Record<string, number> {
  const asked: Record<string, number> = {};
  asked['wght'] = Math.min(entry.weight[1], Math.max(entry.weight[0], wanted.weight));
  asked['wdth'] = Math.min(entry.stretch[1], Math.max(entry.stretch[0], wanted.stretch));
  if (wanted.style === 'italic') asked['ital'] = 1;
  // an oblique angle, which `slnt` counts clockwise (negative)
  if (wanted.style === 'oblique') asked['slnt'] = -DEFAULT_OBLIQUE_ANGLE;
  if (typeof wanted.style === 'number') asked['slnt'] = -wanted.style;
  if (wanted.size !== undefined && wanted.opticalSizing !== false) asked['opsz'] = wanted.size;
  for (const { tag, value } of [...(entry.variations ?? []), ...(wanted.variations ?? [])]) asked[tag] = value;
  const coords: Record<string, number> = {};
  for (const tag of Object.keys(axes).sort()) {
    const axis = axes[tag] as Axis;
    const value = asked[tag] ?? axis.default;
    coords[tag] = Math.min(axis.max, Math.max(axis.min, value));
  }
  return coords;
}

const instances = new WeakMap<FontProgram, Map<string, FontProgram>>();
/**
 * Instances kept per font: `opsz` follows the font size, so a long-lived engine (the service)
 * would otherwise keep one instance per size it ever drew. The oldest goes first; a render that
 * holds one keeps it alive.
 */
const INSTANCES_PER_FONT = 64;

/**
 * The instance of `program` at `coords`, made once per font and coordinates; undefined at the
 * font's default coordinates (the font itself). CFF2 fonts never get here: fontkit cannot embed
 * them, so they are refused when they load (fontkit.ts).
 */
export function instanceOf(program: FontProgram, coords: Readonly<Record<string, number>>, axes: Readonly<Record<string, Axis>>): { readonly program: FontProgram; readonly key: string } | undefined {
  const key = Object.entries(coords).map(([tag, value]) => `${tag}${Math.round(value * 1000) / 1000}`).join('_');
  const variable = program as unknown as VariableProgram;
  if (Object.entries(coords).every(([tag, value]) => axes[tag]?.default === value)) return undefined;
  if (typeof variable.getVariation !== 'function') throw new FontkitInternalsError('TTFFont#getVariation', 'is missing or has another shape');
  let byCoords = instances.get(program);
  if (byCoords === undefined) instances.set(program, (byCoords = new Map()));
  let instance = byCoords.get(key);
  if (instance === undefined) {
    instance = variable.getVariation(coords);
    // fontkit gives every instance the font's own name: the PDF's font list should tell them apart
    Object.defineProperty(instance, 'postscriptName', { value: instanceName(program, coords) });
    if (byCoords.size >= INSTANCES_PER_FONT) byCoords.delete(byCoords.keys().next().value!);
    byCoords.set(key, instance);
  }
  return { program: instance, key };
}

/**
 * The entry drawn for `wanted`: a variable font's instance with a key of its own (its PDF font and
 * caches are the instance's), else `entry` itself.
 */
export function variedEntry(entry: FaceEntry, wanted: VariationWanted): FaceEntry {
  let program: FontProgram;
  try {
    program = entry.program();
  } catch {
    return entry; // an unusable font is reported where it is first tried
  }
  const axes = variationAxes(program);
  if (axes === undefined) return entry;
  const instance = instanceOf(program, variationCoords(entry, axes, wanted), axes);
  if (instance === undefined) return entry;
  const varied = instance.program;
  return { ...entry, key: `${entry.key}-v${instance.key}`.replace(/[^A-Za-z0-9_.-]+/g, '_'), instanceOf: entry.instanceOf ?? entry.key, program: () => varied };
}

/**
 * The instance's PostScript name as Adobe Tech Note #5902 builds it: the family without spaces,
 * then each coordinate as value and axis tag (`Inter-700wght_14opsz`).
 */
function instanceName(program: FontProgram, coords: Readonly<Record<string, number>>): string {
  const prefix = (program.familyName ?? program.postscriptName ?? 'font').replace(/[^A-Za-z0-9]/g, '');
  const values = Object.entries(coords).map(([tag, value]) => `${Math.round(value * 1000) / 1000}${tag.trim()}`);
  return `${prefix}-${values.join('_')}`.slice(0, 127);
}
