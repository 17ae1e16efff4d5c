import type { SourceLocation } from './errors.js';

/** Stable diagnostic codes: warnings never stop a render. */
export type DiagnosticCode =
  | 'css_parse'            // a stylesheet or declaration that could not be parsed
  | 'css_unknown_property' // a property octavo does not know
  | 'css_invalid_value'    // a known property with a value octavo cannot use
  | 'css_unsupported'      // valid CSS octavo does not implement yet (at-rule, selector, value)
  | 'html'                 // HTML that had to be repaired
  | 'font'                 // a font that could not be loaded, or a missing glyph run
  | 'resource'             // an image/stylesheet that could not be loaded (non-fatal)
  | 'layout'               // content that could not be laid out as asked (e.g. overflow)
  | 'template';            // a template's own {{log}} output

export interface Diagnostic extends SourceLocation {
  readonly severity: 'warning';
  readonly code: DiagnosticCode;
  readonly message: string;
}

/** Collects warnings of one render; stages receive it and only ever append. */
export class Diagnostics {
  private readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  warn(code: DiagnosticCode, message: string, where: SourceLocation = {}): void {
    const key = `${code}|${message}|${where.file ?? ''}|${where.line ?? ''}|${where.column ?? ''}`;
    if (this.seen.has(key)) return; // one warning per distinct problem and place
    this.seen.add(key);
    this.items.push({ severity: 'warning', code, message, ...where });
  }

  list(): readonly Diagnostic[] {
    return this.items;
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file !== undefined || d.line !== undefined
    ? `${d.file ?? '<template>'}${d.line !== undefined ? `:${d.line}` : ''}${d.line !== undefined && d.column !== undefined ? `:${d.column}` : ''}: `
    : '';
  return `${where}warning[${d.code}]: ${d.message}`;
}
