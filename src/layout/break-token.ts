/** Reading break tokens (contract.ts): what ended a fragmentainer. */
import type { BreakToken, ForcedBreak } from './contract.js';

/** The kind of the forced break that ended the previous fragmentainer, if it was forced (the in-flow child is the last that resumes). */
export function forcedKind(token: BreakToken | undefined): ForcedBreak | undefined {
  let current = token;
  while (current !== undefined && current.kind === 'block') {
    if (current.forced !== undefined) return current.forced;
    current = current.children[current.children.length - 1]?.token;
  }
  return undefined;
}
