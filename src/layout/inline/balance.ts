/**
 * `text-wrap-style: balance` (CSS Text 4 §5.2): the line breaks of a short paragraph chosen so
 * that the room left on its lines is even, as Chromium chooses them. Chromium balances content of
 * at most six lines by minimum total badness over its break opportunities (Knuth and Plass's
 * dynamic programming, with Android Minikin's weights): each line costs the square of the room it
 * leaves, plus a fixed cost per line that keeps the greedy count of lines, and a line holding
 * the last word alone costs more (a typographic orphan).
 *
 * The opportunities are found with the greedy breaker itself, so this knows nothing of what may
 * break where: from a line start, the greedy line at the full width ends at the last opportunity
 * that fits, and the same line at a width just short of its content ends at the one before.
 * Lines then break at the width that made each chosen end, and keep the full width for alignment.
 */
import type { InlineResume } from './resume.js';
import { CONTENT_START } from './resume.js';

/** Content of more lines is not balanced (Chromium's limit). */
export const MAX_BALANCED_LINES = 6;

/** Fewer break opportunities than this: nothing to balance (Chromium's threshold). */
const MIN_OPPORTUNITIES = 3;

/** A line ending at the last opportunity, which leaves one word for the last line. */
const ORPHAN_PENALTY = 10000;

/** What balancing needs of a line broken at a width. */
export interface BrokenLine {
  readonly next: InlineResume;
  /** Width of its content, spaces that hang at its end left out (what must fit). */
  readonly contentWidth: number;
  /** Its content ends inside a piece (a hyphenated or split word): not an opportunity balancing uses. */
  readonly splitsPiece: boolean;
}

export interface BalanceInput {
  /** The paragraph's lines broken greedily at the full width: what is balanced, and when. */
  readonly greedyEnds: readonly InlineResume[];
  /** How many pieces the content has (a line ending there ends it). */
  readonly pieceCount: number;
  /** The line starting at `at`, broken at `breakWidth`. */
  readonly lineAt: (at: InlineResume, breakWidth: number) => BrokenLine;
  /** The room for each line's content: the line box's width, less the first line's indent. */
  readonly room: (first: boolean) => number;
  /** The width the lines are broken at otherwise (the content box). */
  readonly fullWidth: number;
  /** The cost of each line: none for justified text, else 4 × width × font size (Minikin's). */
  readonly linePenalty: number;
}

/** Where each line of a balanced paragraph ends, with the width it is broken at; undefined when it stays greedy. */
export function balancedBreaks(input: BalanceInput): readonly { readonly breakWidth: number }[] | undefined {
  const lines = input.greedyEnds.length;
  if (lines < 2 || lines > MAX_BALANCED_LINES) return undefined;
  const states = opportunities(input);
  if (states === undefined) return undefined;
  const opportunityCount = states.size - 1;
  if (opportunityCount < MIN_OPPORTUNITIES) return undefined;
  return bestBreaks(states, input);
}

/** A line start (its first piece's index) and the lines that may start there. */
interface State {
  readonly at: InlineResume;
  readonly ends: { readonly to: number; readonly breakWidth: number; readonly slack: number }[];
  score: number;
  previous: { readonly from: number; readonly breakWidth: number } | undefined;
}

/**
 * Every line start reachable with breaks between pieces, with the lines that may start there;
 * undefined when some start can only end inside a piece (a word too long for the line).
 */
function opportunities(input: BalanceInput): Map<number, State> | undefined {
  const states = new Map<number, State>();
  const pending: InlineResume[] = [CONTENT_START];
  while (pending.length > 0) {
    const at = pending.pop()!;
    if (states.has(at.index) || at.index >= input.pieceCount) continue;
    const state: State = { at, ends: [], score: Infinity, previous: undefined };
    states.set(at.index, state);
    const room = input.room(at.index === 0);
    let breakWidth = input.fullWidth;
    // (bounded: each try ends the line earlier, at a word boundary or inside a word)
    for (let tries = 0; tries < input.pieceCount + 64; tries++) {
      const line = input.lineAt(at, breakWidth);
      if (line.next.index <= at.index || line.contentWidth > breakWidth - (input.fullWidth - room) + 0.01) break;
      if (!line.splitsPiece) {
        state.ends.push({ to: line.next.index, breakWidth, slack: room - line.contentWidth });
        if (line.next.index < input.pieceCount) pending.push(line.next);
      }
      // just short of this line's content: the greedy breaker ends it at the opportunity before
      breakWidth = line.contentWidth + (input.fullWidth - room) - 0.01;
    }
    if (state.ends.length === 0) return undefined;
  }
  return states;
}

/** The breaks of least total cost (slack² per line, the line penalty, the orphan penalty), from the content's start. */
function bestBreaks(states: Map<number, State>, input: BalanceInput): readonly { readonly breakWidth: number }[] | undefined {
  const order = [...states.keys()].sort((a, b) => a - b);
  const lastOpportunity = order[order.length - 1]!;
  const end: State = { at: { index: input.pieceCount, tail: undefined }, ends: [], score: Infinity, previous: undefined };
  states.get(0)!.score = 0;
  for (const index of order) {
    const from = states.get(index)!;
    if (from.score === Infinity) continue;
    for (const line of from.ends) {
      const to = line.to >= input.pieceCount ? end : states.get(line.to);
      if (to === undefined) continue;
      const orphan = line.to === lastOpportunity && lastOpportunity > 0 ? ORPHAN_PENALTY : 0;
      const score = from.score + line.slack * line.slack + input.linePenalty + orphan;
      if (score <= to.score) {
        to.score = score;
        to.previous = { from: index, breakWidth: line.breakWidth };
      }
    }
  }
  const widths: { breakWidth: number }[] = [];
  for (let state: State | undefined = end; state?.previous !== undefined; state = states.get(state.previous.from)) widths.push({ breakWidth: state.previous.breakWidth });
  return widths.length > 0 && widths.length <= MAX_BALANCED_LINES ? widths.reverse() : undefined;
}
