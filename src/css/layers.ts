/**
 * Cascade layers (CSS Cascade 5 §6.4): the rank of every layer of a stylesheet list, in the
 * order the layers were first named — by `@layer` statements, `@layer` blocks and
 * `@import ... layer()` — across the sheets in cascade order. A layer's sublayers come before the
 * layer's own rules (an implicit last sublayer); unlayered rules come after every layer, so they
 * have the highest rank. For `!important` declarations the order is reversed (the cascade does that).
 */
import type { LayerPath, Stylesheet } from './stylesheet.js';

interface LayerNode {
  readonly children: Map<string, LayerNode>;
  rank: number;
}

export interface LayerRanks {
  /** The rank of a rule's layer in `sheet` (its own path, undefined when the sheet leaves it unlayered). */
  rankOf(sheet: Stylesheet, path: LayerPath | undefined): number;
  /** Whether any author rule is in a layer (else every rank is the same). */
  readonly layered: boolean;
}

export function layerRanks(sheets: readonly Stylesheet[]): LayerRanks {
  const root: LayerNode = { children: new Map(), rank: 0 };
  const nodeOf = (path: LayerPath): LayerNode => {
    let node = root;
    for (const name of path) {
      let child = node.children.get(name);
      if (child === undefined) {
        child = { children: new Map(), rank: 0 };
        node.children.set(name, child);
      }
      node = child;
    }
    return node;
  };
  for (const sheet of sheets) {
    if (sheet.layer !== undefined) nodeOf(sheet.layer);
    for (const path of sheet.parsed.layers) nodeOf(absolute(sheet, path));
  }
  let next = 0;
  const number = (node: LayerNode): void => {
    for (const child of node.children.values()) number(child);
    node.rank = next++;
  };
  number(root);
  return {
    rankOf: (sheet, path) => (path === undefined && sheet.layer === undefined ? root.rank : nodeOf(absolute(sheet, path ?? [])).rank),
    layered: root.children.size > 0,
  };
}

/**
 * A path of `sheet` from the document's root layer: inside the layer its import put it in, and
 * with its anonymous layers made distinct from other sheets' (their names are unique per sheet only).
 */
function absolute(sheet: Stylesheet, path: LayerPath): LayerPath {
  const own = path.map((name) => (name.startsWith('\0') ? `${name}@${sheetIdentity(sheet)}` : name));
  return sheet.layer === undefined ? own : [...sheet.layer, ...own];
}

/** What tells an included sheet from the others: its URL, or for a `<style>` element its file and line. */
export function sheetIdentity(sheet: Stylesheet): string {
  return sheet.url ?? `${sheet.file}:${sheet.lineOffset}`;
}
