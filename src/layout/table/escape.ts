/** Out-of-flow boxes escaping a table's cells and captions, moved into the frame of the box they escape into. */
import type { PageContent, PendingPositioned } from '../contract.js';

export interface Escaped {
  readonly positioned: PendingPositioned[];
  readonly pageContent: PageContent[];
}

/** Adds what escaped a descendant placed at (dx, dy) of this frame. */
export function escape(into: Escaped, positioned: readonly PendingPositioned[], pageContent: readonly PageContent[], dx: number, dy: number): void {
  const move = <P extends PendingPositioned>(p: P): P => ({ ...p, staticX: p.staticX + dx, staticY: p.staticY + dy, staticRight: p.staticRight + dx });
  for (const p of positioned) into.positioned.push(move(p));
  for (const p of pageContent) into.pageContent.push(move(p));
}
