/**
 * `scroll-state()` container queries (CSS Conditional 5 §7): a sticky header's
 * `@container scroll-state(stuck: top)`. Valid CSS, which Chromium 156 parses and css-tree does not
 * know; nothing scrolls on paper, so the query is never true (container-query.ts compiles it as
 * `<general-enclosed>`).
 */
import type { Atrule } from 'css-tree';

export interface PreludeErrorsBuilder {
  readonly source: string;
  /** Source ranges whose css-tree syntax errors are dropped. */
  readonly readRaw: { readonly start: number; readonly end: number }[];
}

/**
 * `scroll-state(stuck: top)` in a container query is valid CSS that css-tree does not know: what it
 * reports inside the function is dropped (the query compiles to never true, container-query.ts, as
 * nothing scrolls on paper), while a malformed feature elsewhere in the prelude is still reported.
 */
export function dropScrollStateErrors(node: Atrule, builder: PreludeErrorsBuilder): void {
  const start = node.loc?.start.offset;
  const end = node.block?.loc?.start.offset;
  if (start === undefined || end === undefined) return;
  const prelude = builder.source.slice(start, end);
  for (const match of prelude.matchAll(/scroll-state\(/gi)) {
    let depth = 0;
    let at = match.index;
    for (; at < prelude.length; at++) {
      if (prelude[at] === '(') depth++;
      else if (prelude[at] === ')' && --depth === 0) break;
    }
    builder.readRaw.push({ start: start + match.index, end: start + at });
  }
}
