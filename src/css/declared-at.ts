/**
 * Where a `var()` declaration is in its stylesheet's file, for the warnings found only once an
 * element's value is computed (pending-values.ts): a framework's declaration is one warning at its
 * line in the framework's file, not one at each element it styles. The sheets' rules are indexed
 * the first time a render asks, so that only a render that warns pays for it.
 */
import type { SourceLocation } from '../errors.js';
import type { DeclaredValue, PendingValue, Stylesheet } from './stylesheet.js';
import { placeInFile } from './stylesheet.js';

/** The place of a pending value in its sheet; undefined for one in a `style` attribute or an `@page` rule. */
export function declarationLocator(sheets: readonly Stylesheet[]): (value: PendingValue) => SourceLocation | undefined {
  let sheetOf: Map<DeclaredValue, Stylesheet> | undefined;
  return (value) => {
    if (value.line === undefined) return undefined;
    sheetOf ??= pendingValueSheets(sheets);
    const sheet = sheetOf.get(value);
    return sheet === undefined ? undefined : { file: sheet.file, ...placeInFile(sheet, value.line, value.column) };
  };
}

function pendingValueSheets(sheets: readonly Stylesheet[]): Map<DeclaredValue, Stylesheet> {
  const sheetOf = new Map<DeclaredValue, Stylesheet>();
  for (const sheet of sheets) {
    if (sheet.origin === 'user-agent') continue;
    for (const rule of sheet.parsed.rules) {
      for (const declaration of rule.normal) if (declaration.value.kind === 'pending') sheetOf.set(declaration.value, sheet);
      for (const declaration of rule.important) if (declaration.value.kind === 'pending') sheetOf.set(declaration.value, sheet);
    }
  }
  return sheetOf;
}
