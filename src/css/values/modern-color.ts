/**
 * The colour functions of CSS Color 4 and 5 beyond sRGB: `lab()`, `lch()`, `oklab()`,
 * `oklch()`, `color()` (display-p3, rec2020, xyz...), `color-mix()` and relative colours
 * (`oklch(from var(--brand) l c h / 50%)`), as Tailwind CSS 4 and design systems write them.
 * Parsed and converted by csstools' `css-color-parser` (the CSS Working Group's sample code),
 * loaded on first use; the result is clipped to sRGB channel by channel, as Chromium prints it.
 */
import { createRequire } from 'node:module';
import type { CssNode } from 'css-tree';
import { clone, generate, walk } from 'css-tree';
import { parse } from './css-tree-parse.js';
import type * as ColorParser from '@csstools/css-color-parser';
import type * as ParserAlgorithms from '@csstools/css-parser-algorithms';
import type * as Tokenizer from '@csstools/css-tokenizer';
import type { Color } from '../model/types.js';

/** Names of the functions read here (the rgb/hsl/hwb family is parsed by color.ts). */
export const MODERN_COLOR_FUNCTIONS: ReadonlySet<string> = new Set(['lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix']);

interface Libraries {
  readonly color: typeof ColorParser;
  readonly algorithms: typeof ParserAlgorithms;
  readonly tokenizer: typeof Tokenizer;
}

let libraries: Libraries | undefined;

function load(): Libraries {
  if (libraries === undefined) {
    const require = createRequire(import.meta.url);
    libraries = {
      color: require('@csstools/css-color-parser') as typeof ColorParser,
      algorithms: require('@csstools/css-parser-algorithms') as typeof ParserAlgorithms,
      tokenizer: require('@csstools/css-tokenizer') as typeof Tokenizer,
    };
  }
  return libraries;
}

/** A modern colour function as an sRGB colour; undefined when invalid (or when it needs `currentcolor`, not resolved here). */
export function parseModernColor(node: CssNode, nested?: (fn: CssNode & { type: 'Function' }) => Color | undefined): Color | undefined {
  const { color, algorithms, tokenizer } = load();
  const value = algorithms.parseComponentValue(tokenizer.tokenize({ css: generate(nested === undefined ? node : withNestedColors(node, nested)) }));
  const data = value === undefined ? false : color.color(value);
  if (data === false) return undefined;
  // serializeRGB without gamut mapping clips each channel: what Chromium draws
  const channels = numbersOf(color.serializeRGB(data, false), algorithms, tokenizer);
  if (channels.length < 3) return undefined;
  const [r, g, b, a = 1] = channels as [number, number, number, number?];
  return { r, g, b, a };
}

/**
 * A copy of `node` in which the functions `nested` reads (`device-cmyk()`, which the colour
 * parser does not know) are replaced by the `rgb()` of their colour.
 */
function withNestedColors(node: CssNode, nested: (fn: CssNode & { type: 'Function' }) => Color | undefined): CssNode {
  const copy = clone(node);
  walk(copy, {
    visit: 'Function',
    enter(fn, item, list) {
      const value = fn === copy ? undefined : nested(fn);
      if (value === undefined || list === null || item === null) return;
      const rgb = parse(`rgb(${value.r} ${value.g} ${value.b} / ${value.a})`, { context: 'value' });
      if (rgb.type === 'Value' && rgb.children.first !== null) list.replace(item, list.createItem(rgb.children.first));
    },
  });
  return copy;
}

/** The numeric arguments of a serialized `rgb()`/`rgba()`. */
function numbersOf(fn: ParserAlgorithms.FunctionNode, algorithms: typeof ParserAlgorithms, tokenizer: typeof Tokenizer): number[] {
  const numbers: number[] = [];
  for (const component of fn.value) {
    if (!algorithms.isTokenNode(component)) continue;
    const token = component.value;
    if (tokenizer.isTokenNumber(token)) numbers.push(token[4].value);
    else if (tokenizer.isTokenPercentage(token)) numbers.push(token[4].value / 100);
  }
  return numbers;
}
