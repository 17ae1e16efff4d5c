/** Replays parse warnings of (cached) sheets into a render's diagnostics. */
import type { Diagnostics } from '../diagnostics.js';
import type { SheetWarning } from './stylesheet.js';

/** Unsupported features already reported per render, so each is reported once. */
const reportedFeatures = new WeakMap<Diagnostics, Set<string>>();

export function reportWarning(diagnostics: Diagnostics, warning: SheetWarning, file: string, lineOffset: number, fixedLine?: number): void {
  if (warning.feature !== undefined) {
    let seen = reportedFeatures.get(diagnostics);
    if (seen === undefined) {
      seen = new Set();
      reportedFeatures.set(diagnostics, seen);
    }
    if (seen.has(warning.feature)) return;
    seen.add(warning.feature);
  }
  const line = fixedLine ?? (warning.line === undefined ? undefined : warning.line + lineOffset);
  const column = fixedLine === undefined ? warning.column : undefined;
  diagnostics.warn(warning.code, warning.message, {
    file,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
}
