/**
 * "Did you mean" for CSS (`octavo check`): the property names octavo knows closest to a mistyped
 * one, and the keywords closest to a mistyped value that octavo accepts for the property.
 * Keywords come from css-tree's grammar of the property (CSS's own value definitions, types
 * followed); each candidate is then parsed by octavo's registry, so only values that would not be
 * dropped are suggested.
 */
import { definitionSyntax, lexer } from 'css-tree';
import { parse } from './values/css-tree-parse.js';
import type { DSNode } from 'css-tree';
import { closestNames } from '../did-you-mean.js';
import { parseDeclarationValue } from './declarations.js';
import { lookupProperty } from './properties/registry.js';

interface SyntaxHolder {
  readonly syntax?: DSNode | null;
}

type GrammarLexer = {
  readonly properties: Readonly<Record<string, unknown>>;
  getProperty(name: string): SyntaxHolder | null;
  getType(name: string): SyntaxHolder | null;
};

const grammar = lexer as unknown as GrammarLexer;

/** Property names octavo renders or knows (not the ones it only ignores), from CSS's full list. */
function knownProperties(): string[] {
  return Object.keys(grammar.properties).filter((name) => {
    const lookup = lookupProperty(name);
    return lookup.kind === 'known' && lookup.def.kind !== 'unsupported';
  });
}

let propertyNames: string[] | undefined;

export function suggestProperty(written: string): string[] {
  propertyNames ??= knownProperties();
  return closestNames(written, propertyNames);
}

/** Every keyword a property's grammar allows, following the types it names. */
function grammarKeywords(property: string): Set<string> {
  const keywords = new Set<string>();
  const seenTypes = new Set<string>();
  const visit = (syntax: DSNode | null | undefined): void => {
    if (syntax === null || syntax === undefined) return;
    definitionSyntax.walk(syntax, {
      enter(node: DSNode) {
        if (node.type === 'Keyword') keywords.add(node.name);
        if (node.type === 'Type' && !seenTypes.has(node.name) && seenTypes.size < 200) {
          seenTypes.add(node.name);
          visit(grammar.getType(node.name)?.syntax);
        }
      },
    });
  };
  visit(grammar.getProperty(property)?.syntax);
  return keywords;
}

/** Whether octavo keeps `property: value` (no warning, not dropped). */
function accepted(property: string, value: string): boolean {
  let warned = false;
  const sink = { warn: () => { warned = true; } };
  try {
    const declarations = parseDeclarationValue(property, parse(value, { context: 'value' }), false, { baseUrl: undefined, sink }, { line: undefined, column: undefined });
    return !warned && declarations.length > 0;
  } catch {
    return false;
  }
}

export function suggestValue(property: string, written: string): string[] {
  if (!/^[a-z-]+$/i.test(written)) return [];
  return closestNames(written, grammarKeywords(property.toLowerCase())).filter((keyword) => accepted(property, keyword));
}
