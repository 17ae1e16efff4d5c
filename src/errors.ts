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

const BUG_HINT = 'this is a bug in octavo; please report the template';

/**
 * Any error as an `OctavoError`: one that is not already is a fault of octavo itself (a
 * `TypeError` deep in layout), a `render_error` that keeps the original as its `cause` so callers
 * catch one type and a report still has the stack. `stage` names what was being done.
 */
export function asOctavoError(error: unknown, stage = 'render the document'): OctavoError {
  if (error instanceof OctavoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new OctavoError('render_error', `could not ${stage}: ${message}`, { cause: error, hint: BUG_HINT });
}

/** Whether an error is octavo's own fault wrapped by `asOctavoError`, not a refusal of the input. */
export function isUnexpectedError(error: unknown): boolean {
  return error instanceof OctavoError && error.code === 'render_error' && error.cause !== undefined && !(error.cause instanceof OctavoError);
}

/** Exhaustiveness guard for `switch` over discriminated unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
