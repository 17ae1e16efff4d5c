/**
 * Where an `@page` rule asks for a `font-family` name: the place of a missing-family warning when no
 * element asks for the family and only the page context or a page-margin box does (a letterhead set
 * in `@top-left { font: bold 20pt Georgia, serif }`).
 */
import type { SourceLocation } from '../errors.js';
import type { PageRule, RawDeclaration } from './model/page-types.js';
import { familyNames, shorthandFamilies } from './values/family-list-text.js';

/** The first declaration, in source order, of the page rules' context and margin boxes whose first family is `family`. */
export function pageRuleFamilyPlace(rules: readonly PageRule[], family: string): SourceLocation | undefined {
  const name = family.trim().toLowerCase();
  let found: RawDeclaration | undefined;
  let foundOrder = Infinity;
  for (const rule of rules) {
    if (rule.origin === 'user-agent' || rule.order >= foundOrder) continue;
    const declarations = [...rule.declarations, ...Object.values(rule.marginBoxes).flat()];
    const first = declarations.find((declaration) => firstFamilyOf(declaration) === name);
    if (first !== undefined) {
      found = first;
      foundOrder = rule.order;
    }
  }
  if (found?.line === undefined) return undefined;
  return { ...(found.file === undefined ? {} : { file: found.file }), line: found.line, ...(found.column === undefined ? {} : { column: found.column }) };
}

/** The first family a `font-family` or `font` declaration names, lowercased (`font: bold 20pt "Proxima Nova", serif` → `proxima nova`). */
function firstFamilyOf(declaration: RawDeclaration): string | undefined {
  const property = declaration.property.toLowerCase();
  if (property !== 'font-family' && property !== 'font') return undefined;
  const list = property === 'font-family' ? declaration.value : shorthandFamilies(declaration.value)?.list;
  return list === undefined ? undefined : familyNames(list)[0]?.name.toLowerCase();
}
