/**
 * `attr()` outside `content` (CSS Values 5 §7.7), as Chromium 156 substitutes it: an attribute of
 * the element, read at computed-value time, into any property — `width: attr(data-pct %)`,
 * `background: attr(data-colour type(<color>))`. With a unit the attribute must be a number
 * (`attr(data-w px)` of "120" is `120px`); with `type(…)` it is taken as CSS (the property's
 * grammar checks it); without a type, or `raw-string`, it is a string. A missing or unfit
 * attribute takes the fallback after the comma, else the declaration is invalid there. As in
 * Chromium, what an attribute gives cannot make a URL (`url(…)`, `src(…)`): such a value is invalid,
 * so a template's data never names a resource for the page to load.
 */
import type { CssNode } from 'css-tree';
import { replaceCalls, topLevelIndex } from './text-scan.js';
import { parse } from './values/css-tree-parse.js';
import { parseColor } from './values/color.js';
import { ANGLE_DEGREES, isLengthUnit } from './values/units.js';

/** The value after substitution; undefined: invalid at computed-value time. */
export function substituteAttrs(text: string, attribute: (name: string) => string | undefined, maxLength: number): string | undefined {
  const out = replaceCalls(text, (source, i) => (isAttrAt(source, i) ? 5 : 0), ({ inner, done }) => {
    const value = attrValue(inner, attribute, maxLength);
    // an attribute longer than a custom property may grow (limits.maxCustomPropertyLength) is refused as one is
    if (value === undefined || done.length + value.length > maxLength) return undefined;
    // kept apart from what touches it, as a substituted token is (`attr(n px)em` is not one dimension)
    return `/**/${value}/**/`;
  });
  return out === undefined || (/\b(?:url|src)\(/i.test(out) && !/\b(?:url|src)\(/i.test(text)) ? undefined : out;
}

const UNITS = /^(?:%|[a-z]+)$/i;

function attrValue(inner: string, attribute: (name: string) => string | undefined, maxLength: number): string | undefined {
  const comma = topLevelIndex(inner, ',');
  const [name = '', type] = (comma < 0 ? inner : inner.slice(0, comma)).trim().split(/\s+(.*)/s, 2);
  const fallback = comma < 0 ? undefined : inner.slice(comma + 1).trim();
  const raw = attribute(name.toLowerCase());
  const typed = raw === undefined ? undefined : withType(raw, type?.trim());
  if (typed !== undefined) return /\b(?:url|src)\(/i.test(typed) ? undefined : typed;
  return fallback === undefined ? undefined : substituteAttrs(fallback, attribute, maxLength);
}

/** The attribute as the type asks; undefined when it does not fit (the fallback is taken then, as in Chromium). */
function withType(value: string, type: string | undefined): string | undefined {
  if (type === undefined || type === '' || type.toLowerCase() === 'raw-string') return JSON.stringify(value);
  const declared = /^type\(\s*(.*?)\s*\)$/is.exec(type);
  if (declared !== null) return fitsSyntax(value, declared[1]!) ? value.trim() : undefined;
  if (!UNITS.test(type)) return undefined;
  // the attribute is the number itself, no white space around it (" 120 " is not one)
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(value) ? `${value}${type}` : undefined;
}

/** Whether the attribute's text is one value of a `type()` syntax: its data types checked, multipliers and others taken as given. */
function fitsSyntax(value: string, syntax: string): boolean {
  const nodes = valueNodes(value);
  if (nodes === undefined || nodes.length === 0) return false;
  if (syntax.trim() === '*') return true;
  return syntax.split('|').some((alternative) => fitsType(nodes, alternative.trim()));
}

function fitsType(nodes: readonly CssNode[], type: string): boolean {
  const node = nodes.length === 1 ? nodes[0]! : undefined;
  const unit = node?.type === 'Dimension' ? node.unit.toLowerCase() : undefined;
  switch (type) {
    case '<color>': return node !== undefined && parseColor(node) !== undefined;
    case '<length>': return unit !== undefined ? isLengthUnit(unit) : node?.type === 'Number' && Number(node.value) === 0;
    case '<percentage>': return node?.type === 'Percentage';
    case '<length-percentage>': return fitsType(nodes, '<length>') || fitsType(nodes, '<percentage>');
    case '<number>': return node?.type === 'Number';
    case '<integer>': return node?.type === 'Number' && Number.isInteger(Number(node.value));
    case '<angle>': return unit !== undefined && ANGLE_DEGREES[unit] !== undefined;
    case '<custom-ident>': return node?.type === 'Identifier';
    case '<string>': return node?.type === 'String';
    case '<url>': return false;
    default: return !type.startsWith('<') || /[+#]$/.test(type);
  }
}

function valueNodes(text: string): CssNode[] | undefined {
  try {
    const parsed = parse(text, { context: 'value' });
    return parsed.type === 'Value' ? parsed.children.toArray().filter((node) => node.type !== 'WhiteSpace') : undefined;
  } catch {
    return undefined;
  }
}

function isAttrAt(text: string, i: number): boolean {
  return (text[i] === 'a' || text[i] === 'A') && !/[\w-]/.test(text[i - 1] ?? ' ') && text.slice(i, i + 5).toLowerCase() === 'attr(';
}
