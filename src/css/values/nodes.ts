/**
 * Helpers over css-tree value nodes (CSS Syntax 3 component values). css-tree drops
 * insignificant white space from `Value` children, so a value is a flat list of nodes.
 */
import type { CssNode } from 'css-tree';
import { ident } from 'css-tree';
import { resolveStylesheetUrl } from '../../stylesheet-urls.js';

export type Nodes = readonly CssNode[];

/** Marker returned by value parsers for a value the property does not accept. */
export const INVALID: unique symbol = Symbol('invalid');
export type Invalid = typeof INVALID;

/** A name with its CSS escapes decoded (CSS Syntax 3 §4.3.7): css-tree keeps them, so `.w-1\/2` names the class `w-1/2`. */
export function unescaped(name: string): string {
  return name.includes('\\') ? ident.decode(name) : name;
}

/** Lower-cased identifier name, or undefined when the node is not an identifier. */
export function identOf(node: CssNode | undefined): string | undefined {
  return node !== undefined && node.type === 'Identifier' ? node.name.toLowerCase() : undefined;
}

/** The single identifier of a one-node value. */
export function singleIdent(nodes: Nodes): string | undefined {
  return nodes.length === 1 ? identOf(nodes[0]) : undefined;
}

export function isOperator(node: CssNode | undefined, value: string): boolean {
  return node !== undefined && node.type === 'Operator' && node.value.trim() === value;
}

/** Splits a value at a top-level operator (`,` or `/`). */
export function splitBy(nodes: Nodes, operator: ',' | '/'): Nodes[] {
  const parts: CssNode[][] = [[]];
  for (const node of nodes) {
    if (isOperator(node, operator)) parts.push([]);
    else parts[parts.length - 1]!.push(node);
  }
  return parts;
}

/** A CSS string of `text` (CSS Syntax 3 §4.3.5 read back): quotes and backslashes escaped, line breaks as `\a `. */
export function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\r\n|[\n\r\f]/g, '\\a ')}"`;
}

/** Children of a css-tree node that has a list of children (Function, Parentheses, Value). */
export function childrenOf(node: CssNode): Nodes {
  const children = (node as { children?: { toArray(): CssNode[] } | null }).children;
  return children ? children.toArray() : [];
}

/** True when the value contains `var()` or `env()` anywhere (CSS Variables 1 §3: parsed after substitution). */
export function containsVar(nodes: Nodes): boolean {
  for (const node of nodes) {
    if (node.type === 'Function') {
      const name = node.name.toLowerCase();
      if (name === 'var' || name === 'env') return true;
      if (containsVar(childrenOf(node))) return true;
    } else if (node.type === 'Parentheses' && containsVar(childrenOf(node))) {
      return true;
    }
  }
  return false;
}

export function numberOf(node: CssNode | undefined): number | undefined {
  if (node === undefined || node.type !== 'Number') return undefined;
  const value = Number(node.value);
  return Number.isFinite(value) ? value : undefined;
}

export function integerOf(node: CssNode | undefined): number | undefined {
  const value = numberOf(node);
  if (value === undefined || !/^[+-]?\d+$/.test((node as { value: string }).value)) return undefined;
  return value;
}

export function stringOf(node: CssNode | undefined): string | undefined {
  return node !== undefined && node.type === 'String' ? node.value : undefined;
}

/** A `url()` made absolute against the stylesheet's URL (CSS Values 4 §4.5). */
export function urlOf(node: CssNode | undefined, baseUrl: string | undefined): string | undefined {
  const raw = writtenUrlOf(node);
  return raw === undefined ? undefined : resolveStylesheetUrl(raw.trim(), baseUrl);
}

/** What a `url()` holds as written; undefined for any other node. */
export function writtenUrlOf(node: CssNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'Url') return node.value;
  if (node.type === 'Function' && node.name.toLowerCase() === 'url') return stringOf(childrenOf(node)[0]);
  return undefined;
}
