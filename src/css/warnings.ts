/** Replays parse warnings of (cached) sheets into a render's diagnostics. */
import type { Diagnostics } from '../diagnostics.js';
import type { SheetPlace, SheetWarning } from './stylesheet.js';
import { placeInFile } from './stylesheet.js';

/**
 * Reports one warning of a sheet at its place in the document: sheet lines (and columns of its
 * first line) are shifted by the sheet's place (a `<style>` element's), or replaced by `fixed` (the
 * element of a `style` attribute, the declaration of an `@page` rule). Every occurrence is
 * reported; Diagnostics counts repeats of one problem.
 */
export function reportWarning(
  diagnostics: Pick<Diagnostics, 'warn'>,
  warning: SheetWarning,
  file: string,
  place: SheetPlace,
  fixed?: { readonly line?: number | undefined; readonly column?: number | undefined },
): void {
  const inFile = fixed === undefined && warning.line !== undefined ? placeInFile(place, warning.line, warning.column) : undefined;
  const line = fixed !== undefined ? fixed.line : inFile?.line;
  const column = fixed !== undefined ? fixed.column : inFile?.column ?? warning.column;
  diagnostics.warn(warning.code, warning.message, {
    file,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
}
