/**
 * Where an `@page` rule asks for a `font-family` name: the place of a missing-family warning when no
 * element asks for the family and only the page context or a page-margin box does (a letterhead set
 * in `@top-left { font: bold 20pt Georgia, serif }`).
 */
import type { SourceLocation } from '../errors.js';
import type { PageRule, RawDeclaration } from './model/page-types.js';

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
  const list = property === 'font-family' ? declaration.value : familyListOfFont(declaration.value);
  const first = list?.split(',')[0]?.trim();
  if (first === undefined || first === '') return undefined;
  const unquoted = /^(["'])(.*)\1$/.exec(first)?.[2] ?? first.replace(/\s+/g, ' ');
  return unquoted.toLowerCase();
}

/** The family list of a `font` shorthand: what follows its size (and `/line-height`), the first token with a digit before any comma. */
function familyListOfFont(value: string): string | undefined {
  const head = value.split(',')[0] ?? '';
  const size = /(?:^|\s)[-+.\d][^\s/]*(?:\s*\/\s*[^\s,]+)?\s+(?=\S)/g;
  let end = -1;
  for (let m = size.exec(head); m !== null; m = size.exec(head)) end = m.index + m[0].length;
  return end < 0 ? undefined : value.slice(end);
}
