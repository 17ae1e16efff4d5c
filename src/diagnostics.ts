import type { SourceLocation } from './errors.js';

/** Stable diagnostic codes: warnings never stop a render. */
export type DiagnosticCode =
  | 'css_parse'            // a stylesheet or declaration that could not be parsed
  | 'css_unknown_property' // a property octavo does not know
  | 'css_invalid_value'    // a known property with a value octavo cannot use
  | 'css_unsupported'      // valid CSS octavo does not implement yet (at-rule, selector, value)
  | 'html'                 // HTML that had to be repaired, or an element octavo does not render
  | 'font'                 // a font that could not be loaded, or a missing glyph run
  | 'resource'             // an image/stylesheet that could not be loaded (non-fatal)
  | 'layout'               // content that could not be laid out as asked (e.g. overflow)
  | 'template';            // a template's own {{log}} output

export interface Diagnostic extends SourceLocation {
  readonly severity: 'warning';
  readonly code: DiagnosticCode;
  readonly message: string;
  /**
   * How many distinct places in the source have this problem, when more than one; the location
   * is the first of them. Absent for a problem found once.
   */
  readonly count?: number;
}

interface Entry {
  /** Index of the diagnostic in `items`. */
  readonly index: number;
  /** Locations already counted, so that re-evaluating one place (every page, every render) counts once. */
  readonly places: Set<string>;
}

/**
 * Collects warnings of one render; stages receive it and only ever append. One diagnostic per
 * distinct problem (code and message): later occurrences at other places raise its `count`.
 */
export class Diagnostics {
  private readonly items: Diagnostic[] = [];
  private readonly problems = new Map<string, Entry>();

  warn(code: DiagnosticCode, message: string, where: SourceLocation = {}): void {
    const key = `${code}|${message}`;
    const place = `${where.file ?? ''}|${where.line ?? ''}|${where.column ?? ''}`;
    const entry = this.problems.get(key);
    if (entry === undefined) {
      this.problems.set(key, { index: this.items.length, places: new Set([place]) });
      this.items.push({ severity: 'warning', code, message, ...definedLocation(where) });
      return;
    }
    if (entry.places.has(place)) return;
    entry.places.add(place);
    // Object.assign keeps the keys' order of `{ ...item, count }` without its new hidden class per call (Node 20)
    this.items[entry.index] = Object.assign({}, this.items[entry.index]!, { count: entry.places.size });
  }

  list(): readonly Diagnostic[] {
    return this.items;
  }
}

/**
 * The location without keys set to undefined (diagnostics are compared and serialised as data).
 * Keys added one by one in a fixed order, not spread in: each combination keeps one hidden class.
 */
function definedLocation(where: SourceLocation): SourceLocation {
  const location: { file?: string; line?: number; column?: number } = {};
  if (where.file !== undefined) location.file = where.file;
  if (where.line !== undefined) location.line = where.line;
  if (where.column !== undefined) location.column = where.column;
  return location;
}

/**
 * A quoted piece of a stranger's input, short enough for a message: whitespace runs folded, and
 * past `max` characters cut with its length named (a 20 KB value once made a 20 KB warning).
 */
export function excerpt(text: string, max = 120): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 3)}... (${flat.length} characters)` : flat;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file !== undefined || d.line !== undefined
    ? `${d.file ?? '<template>'}${d.line !== undefined ? `:${d.line}` : ''}${d.line !== undefined && d.column !== undefined ? `:${d.column}` : ''}: `
    : '';
  const count = d.count !== undefined && d.count > 1 ? ` (${d.count} occurrences)` : '';
  return `${where}warning[${d.code}]: ${d.message}${count}`;
}
