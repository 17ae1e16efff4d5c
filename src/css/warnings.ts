/** Replays parse warnings of (cached) sheets into a render's diagnostics. */
import type { Diagnostics } from '../diagnostics.js';
import type { SheetWarning } from './stylesheet.js';

/**
 * Reports one warning of a sheet at its place in the document: sheet lines are shifted by
 * `lineOffset` (a `<style>` element's line), or replaced by `fixed` (the element of a `style`
 * attribute, the declaration of an `@page` rule). Every occurrence is reported; Diagnostics
 * counts repeats of one problem.
 */
export function reportWarning(
  diagnostics: Pick<Diagnostics, 'warn'>,
  warning: SheetWarning,
  file: string,
  lineOffset: number,
  fixed?: { readonly line?: number | undefined; readonly column?: number | undefined },
): void {
  const line = fixed !== undefined ? fixed.line : warning.line === undefined ? undefined : warning.line + lineOffset;
  const column = fixed !== undefined ? fixed.column : warning.column;
  diagnostics.warn(warning.code, warning.message, {
    file,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
}
