/**
 * restructure's objects as fontkit 2.0.4 builds them (fontkit-internals.ts names where octavo reads
 * them): the type graph a GPOS lookup list is decoded with, and the lazy arrays a cmap subtable
 * reads a character at a time.
 */

/** An object of restructure's, seen field by field. */
type RestructureObject = Record<string, unknown>;

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function';

/** Per GPOS lookup type, the fields of its subtables holding anchors (mark attachment: one per base glyph and mark class). */
const ANCHOR_FIELDS: readonly (readonly [number, readonly string[]])[] = [[4, ['markArray', 'baseArray']], [5, ['markArray', 'ligatureArray']], [6, ['mark1Array', 'mark2Array']]];

/** fontkit's type of a GPOS lookup list entry → octavo's copy of it with lazy anchors (shared by every font: octavo's own objects). */
const lazyAnchorTypes = new WeakMap<object, object>();

const derived = (base: unknown, own: Record<string, unknown>): RestructureObject => Object.assign(Object.create(base as object) as RestructureObject, own);
export const field = (value: unknown, ...path: (string | number)[]): RestructureObject | undefined => path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), value) as RestructureObject | undefined;

/**
 * A copy of a GPOS lookup list's entry type (restructure: Pointer → Lookup struct → subTables
 * Array → Pointer → the subtable VersionedStruct) whose mark attachment subtables (types 4, 5, 6)
 * point to their anchor arrays lazily, decoded when fontkit first reads them (attaching a mark);
 * undefined when the types have another shape. fontkit's own type objects are left as they are.
 */
export function markAnchorsType(entry: unknown): RestructureObject | undefined {
  const known = isObject(entry) ? lazyAnchorTypes.get(entry) : undefined;
  if (known !== undefined) return known as RestructureObject;
  const subTablePointer = field(entry, 'type', 'fields', 'subTables', 'type');
  const subTable = field(subTablePointer, 'type');
  const versions = field(subTable, 'versions');
  const extension = field(versions, 9, 'extension');
  if (versions === undefined || extension === undefined || extension['type'] !== subTable) return undefined;
  const lazyVersions: RestructureObject = { ...versions };
  for (const [type, names] of ANCHOR_FIELDS) {
    const fields: RestructureObject = { ...field(versions, type) };
    for (const name of names) {
      const pointer = field(fields, name);
      if (!isObject(pointer?.['options']) || !isFunction(pointer['decode'])) return undefined;
      fields[name] = derived(pointer, { options: { ...(pointer['options'] as RestructureObject), lazy: true } });
    }
    lazyVersions[type] = fields;
  }
  const lazySubTable = derived(subTable, { versions: lazyVersions });
  lazyVersions[9] = { ...field(versions, 9), extension: derived(extension, { type: lazySubTable }) };
  const lookup = field(entry, 'type')!;
  const subTables = field(lookup, 'fields', 'subTables')!;
  const lazyLookup = derived(lookup, { fields: { ...field(lookup, 'fields'), subTables: derived(subTables, { type: derived(subTablePointer, { type: lazySubTable }) }) } });
  const lazyEntry = derived(entry, { type: lazyLookup });
  lazyAnchorTypes.set(entry as object, lazyEntry);
  return lazyEntry;
}

/** A restructure LazyArrayValue: `length` items of `type` from byte `base` of `stream`. */
export interface LazyArrayValue { readonly base: number; readonly length: number; readonly type: { size(): number }; readonly stream: { readonly length: number } }

export function isLazyArray(value: unknown): value is LazyArrayValue {
  if (!isObject(value) || typeof value['base'] !== 'number' || typeof value['length'] !== 'number') return false;
  return isFunction((value['type'] as RestructureObject | undefined)?.['size']) && typeof (value['stream'] as RestructureObject | undefined)?.['length'] === 'number';
}
