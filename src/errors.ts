/** Stable error codes of the public API (docs/design.md §1.1). */
export type OctavoErrorCode =
  | 'template_syntax'
  | 'template_runtime'
  | 'resource_not_found'
  | 'resource_denied'
  | 'limit_exceeded'
  | 'invalid_options'
  | 'render_error';

export interface SourceLocation {
  /** File the location refers to (template path, stylesheet URL), when known. */
  readonly file?: string;
  /** 1-based line. */
  readonly line?: number;
  /** 1-based column. */
  readonly column?: number;
}

/** The one error type the engine throws; `code` is stable, `message` is for humans. */
export class OctavoError extends Error {
  readonly code: OctavoErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;

  constructor(code: OctavoErrorCode, message: string, options: SourceLocation & { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OctavoError';
    this.code = code;
    if (options.file !== undefined) this.file = options.file;
    if (options.line !== undefined) this.line = options.line;
    if (options.column !== undefined) this.column = options.column;
    if (options.hint !== undefined) this.hint = options.hint;
  }

  /** `file:line:column` (as much of it as is known), for CLI messages. */
  get location(): string | undefined {
    if (this.file === undefined && this.line === undefined) return undefined;
    const parts = [this.file ?? '<template>'];
    if (this.line !== undefined) parts.push(String(this.line));
    if (this.line !== undefined && this.column !== undefined) parts.push(String(this.column));
    return parts.join(':');
  }
}

export function isOctavoError(value: unknown): value is OctavoError {
  return value instanceof OctavoError;
}

/** The faults of octavo's own (octavoFault), told from refusals of the input by identity, not by shape. */
const faults = new WeakSet<OctavoError>();

/** A fault of octavo's own, not of the input: a `render_error` asking for the template to be reported. */
export function octavoFault(message: string, cause?: unknown): OctavoError {
  const fault = new OctavoError('render_error', message, { hint: 'this is a bug in octavo; please report the template', ...(cause === undefined ? {} : { cause }) });
  faults.add(fault);
  return fault;
}

/**
 * Any error as an `OctavoError`: one that is not already is a fault of octavo itself (a
 * `TypeError` deep in layout), kept as the fault's `cause` so callers catch one type and a report
 * still has the stack. `stage` names what was being done.
 */
export function asOctavoError(error: unknown, stage = 'render the document'): OctavoError {
  if (error instanceof OctavoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return octavoFault(`could not ${stage}: ${message}`, error);
}

/** Whether an error is a fault of octavo's own (octavoFault, asOctavoError), not a refusal of the input. */
export function isUnexpectedError(error: unknown): boolean {
  return error instanceof OctavoError && faults.has(error);
}

/** Exhaustiveness guard for `switch` over discriminated unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
