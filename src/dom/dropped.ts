/**
 * Elements octavo drops with their content — `<script>` (no script runs) and `<template>` (inert
 * content) — said once per kind, at the first one, so an author knows what did not make it into
 * the PDF. (`<noscript>` is not dropped: scripting is off, so its content is shown.)
 */
import type { SourceLocation } from '../errors.js';
import type { DomDocument, DomNode } from './types.js';
import { isElement } from './types.js';

const DROPPED: ReadonlyMap<string, string> = new Map([
  ['script', 'octavo runs no script (its output, if any, is not in the document)'],
  ['template', 'its content is inert, as in a browser (a Handlebars template is not a <template> element)'],
]);

export interface DroppedElement {
  readonly message: string;
  readonly where: SourceLocation;
}

/** One warning per kind of dropped element, located at its first occurrence, in document order. */
export function droppedElements(dom: DomDocument): DroppedElement[] {
  const found: DroppedElement[] = [];
  visitDropped(dom, dom.root.children, found, new Set<string>());
  return found;
}

/** Module-level, not a closure made per call: a closure's optimised code dies with it at each full GC. */
function visitDropped(dom: DomDocument, nodes: readonly DomNode[], found: DroppedElement[], seen: Set<string>): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    const why = DROPPED.get(node.name);
    if (why !== undefined) {
      if (!seen.has(node.name)) {
        seen.add(node.name);
        const at = node.startIndex === null ? {} : dom.locate(node.startIndex);
        found.push({ message: `element \`<${node.name}>\` is dropped: ${why}`, where: { file: dom.sourceName, ...at } });
      }
      continue;
    }
    visitDropped(dom, node.children, found, seen);
  }
}
