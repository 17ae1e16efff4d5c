/**
 * Reading `@layer` rules and `@import … layer()` into a stylesheet's layer paths (the cascade
 * ranks them: layers.ts).
 */
import type { Atrule, CssNode } from 'css-tree';
import type { LayerPath, SheetWarning } from './stylesheet.js';
import { childrenOf } from './values/nodes.js';

/** What reading layers needs of the stylesheet being parsed (parse.ts's builder). */
export interface LayerBuilder {
  readonly warnings: SheetWarning[];
  /** The cascade layer being read (undefined: unlayered) and the layers named so far, in order. */
  layer: LayerPath | undefined;
  readonly layers: LayerPath[];
  readonly layerKeys: Set<string>;
  anonymousLayers: number;
}

/**
 * `@layer` (CSS Cascade 5 §6.4.2): a statement names layers, fixing their order; a block (named or
 * anonymous) holds rules of a layer nested in the current one, read by `visitBlock`.
 */
export function visitLayer(node: Atrule, builder: LayerBuilder, visitBlock: () => void): void {
  const names = layerNames(node.prelude);
  if (node.block === null) {
    for (const name of names) declareLayer([...(builder.layer ?? []), ...name], builder);
    return;
  }
  if (names.length > 1) {
    builder.warnings.push({ code: 'css_parse', message: '@layer with a block takes one name: rule ignored', line: node.loc?.start.line, column: node.loc?.start.column });
    return;
  }
  const outer = builder.layer;
  builder.layer = [...(outer ?? []), ...(names[0] ?? [anonymousLayer(builder)])];
  declareLayer(builder.layer, builder);
  visitBlock();
  builder.layer = outer;
}

/** The dotted names of a layer prelude (`a, b.c` -> [['a'], ['b', 'c']]). */
function layerNames(prelude: Atrule['prelude']): string[][] {
  const names: string[][] = [];
  const visit = (node: CssNode): void => {
    if (node.type === 'Layer') names.push(node.name.split('.'));
    else if (node.type === 'LayerList' || node.type === 'AtrulePrelude' || node.type === 'Function') for (const child of childrenOf(node)) visit(child);
  };
  if (prelude !== null && prelude.type !== 'Raw') visit(prelude);
  return names;
}

function anonymousLayer(builder: LayerBuilder): string {
  return `\0${builder.anonymousLayers++}`;
}

function declareLayer(path: LayerPath, builder: LayerBuilder): void {
  // every ancestor is declared first: `@layer a.b` declares `a`
  for (let depth = 1; depth <= path.length; depth++) {
    const key = path.slice(0, depth).join('.');
    if (builder.layerKeys.has(key)) continue;
    builder.layerKeys.add(key);
    builder.layers.push(path.slice(0, depth));
  }
}

/** `@import url layer` (an anonymous layer) or `layer(name)`; undefined without either. */
export function importLayer(prelude: readonly CssNode[], builder: LayerBuilder): LayerPath | undefined {
  for (const node of prelude) {
    if (node.type === 'Identifier' && node.name.toLowerCase() === 'layer') return [anonymousLayer(builder)];
    if (node.type === 'Function' && node.name.toLowerCase() === 'layer') return layerNames({ type: 'AtrulePrelude', children: node.children } as Atrule['prelude'])[0];
  }
  return undefined;
}
