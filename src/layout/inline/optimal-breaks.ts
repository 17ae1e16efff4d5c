/**
 * Line breaks chosen for a whole run of lines rather than one line at a time, as Chromium's score
 * line breaker chooses them (Knuth and Plass's dynamic programming, with Android Minikin's
 * weights): each line costs the square of the room it leaves, plus a fixed cost per line that
 * keeps the greedy count of lines, and a line holding the last word alone costs more (a
 * typographic orphan).
 *
 * - `text-wrap-style: balance` (CSS Text 4 §5.2): content of at most six lines, from its start,
 *   the last line's room counted too, so the lines come out even;
 * - `text-wrap-style: pretty`: the last four lines of a paragraph whose greedy last line is a
 *   single word on less than a third of the line, the last line's room not counted, so a word
 *   or two more come down to keep it company.
 *
 * The opportunities are found with the greedy breaker itself, so this knows nothing of what may
 * break where: from a line start, the greedy line at the full width ends at the last opportunity
 * that fits, and the same line at a width just short of its content ends at the one before.
 * Lines then break at the width that made each chosen end, and keep the full width for alignment.
 */
import type { InlineResume } from './resume.js';

/** Content of more lines is not balanced (Chromium's limit). */
export const MAX_BALANCED_LINES = 6;

/** How many last lines `pretty` breaks again (Chromium's window). */
export const PRETTY_LINES = 4;

/** Fewer break opportunities than this: nothing to balance (Chromium's threshold). */
const MIN_OPPORTUNITIES = 3;

/** A line ending at the last opportunity, which leaves one word for the last line. */
const ORPHAN_PENALTY = 10000;

/**
 * Most pieces the lines broken to find the opportunities may hold together: past it a paragraph
 * stays greedy. Six lines of sixty words take ~300 lines and ~4,000 pieces; six lines of hundreds
 * of one-letter words in a wide box would take millions.
 */
const MAX_WORK = 40000;

/** What balancing needs of a line broken at a width. */
export interface BrokenLine {
  readonly next: InlineResume;
  /** Width of its content, spaces that hang at its end left out (what must fit). */
  readonly contentWidth: number;
  /** Its content ends inside a piece (a hyphenated or split word): not an opportunity balancing uses. */
  readonly splitsPiece: boolean;
}

export interface OptimalInput {
  /** Where the lines broken again start. */
  readonly start: InlineResume;
  /** How many lines the greedy breaker made from there: what is broken again, and when. */
  readonly greedyLines: number;
  /** The room the greedy lines leave, squared and summed (the last line's only with `balance`). */
  readonly greedySlack: number;
  /** `balance`: the last line's room counts as every other's (else the last line is free). */
  readonly balance: boolean;
  /** How many pieces the content has (a line ending there ends it). */
  readonly pieceCount: number;
  /** The line starting at `at`, broken at `breakWidth`. */
  readonly lineAt: (at: InlineResume, breakWidth: number) => BrokenLine;
  /** The room for the content of the line that starts at a place: the line box's width, less its indent. */
  readonly room: (at: InlineResume) => number;
  /** The width the lines are broken at otherwise (the content box). */
  readonly fullWidth: number;
  /** The cost of each line: none for justified text, else 4 × width × font size (Minikin's). */
  readonly linePenalty: number;
}

/** The width each line from `start` breaks at, for the best breaks; undefined when the lines stay greedy. */
export function optimalBreaks(input: OptimalInput): readonly { readonly breakWidth: number }[] | undefined {
  const lines = input.greedyLines;
  if (lines < 2 || lines > (input.balance ? MAX_BALANCED_LINES : PRETTY_LINES)) return undefined;
  const found = opportunities(input);
  if (found === undefined || found.seen < MIN_OPPORTUNITIES) return undefined;
  return bestBreaks(found.states, input);
}

/** A line start, by its first piece's index in the map it is kept in: the lines that may start there, and the best way to reach it. */
interface State {
  readonly ends: { readonly to: number; readonly breakWidth: number; readonly slack: number }[];
  score: number;
  previous: { readonly from: number; readonly breakWidth: number } | undefined;
}

/**
 * Every line start reachable with breaks between pieces, with the lines that may start there
 * (none leaving more room than the best breaks can have), and how many opportunities were seen;
 * undefined when some start can only end inside a piece (a word too long for the line).
 */
function opportunities(input: OptimalInput): { states: Map<number, State>; seen: number } | undefined {
  const states = new Map<number, State>();
  const seen = new Set<number>();
  const pending: InlineResume[] = [input.start];
  // No line of the best breaks leaves more room than this: the greedy lines are as few as can be,
  // so the best breaks have as many lines or more, and cost no more than the greedy ones do.
  const widestSlack = Math.sqrt(input.greedySlack + ORPHAN_PENALTY);
  let work = 0;
  while (pending.length > 0) {
    const at = pending.pop()!;
    if (states.has(at.index) || at.index >= input.pieceCount) continue;
    const state: State = { ends: [], score: Infinity, previous: undefined };
    states.set(at.index, state);
    const room = input.room(at);
    let breakWidth = input.fullWidth;
    let pruned = false;
    let lastWidth = Infinity;
    // each try ends the line earlier, at a word boundary or inside a word, until it leaves too much room
    for (;;) {
      const line = input.lineAt(at, breakWidth);
      work += Math.max(1, line.next.index - at.index);
      if (work > MAX_WORK) return undefined;
      // no line ends sooner: it overflows (one word) or is no narrower than the last one
      if (line.next.index <= at.index || line.contentWidth > breakWidth - (input.fullWidth - room) + 0.01 || line.contentWidth >= lastWidth) break;
      lastWidth = line.contentWidth;
      if (!line.splitsPiece && line.next.index < input.pieceCount) seen.add(line.next.index);
      if (room - line.contentWidth > widestSlack && line.next.index < input.pieceCount && seen.size >= MIN_OPPORTUNITIES) {
        pruned = true;
        break;
      }
      if (!line.splitsPiece) {
        state.ends.push({ to: line.next.index, breakWidth, slack: room - line.contentWidth });
        if (line.next.index < input.pieceCount) pending.push(line.next);
      }
      // just short of this line's content: the greedy breaker ends it at the opportunity before
      breakWidth = line.contentWidth + (input.fullWidth - room) - 0.01;
    }
    // a start whose lines all leave too much room is a dead end; one whose only line splits a word is not balanced
    if (state.ends.length === 0 && !pruned) return undefined;
  }
  return { states, seen: seen.size };
}

/** The breaks of least total cost (slack² per line, the line penalty, the orphan penalty), from the content's start. */
function bestBreaks(states: Map<number, State>, input: OptimalInput): readonly { readonly breakWidth: number }[] | undefined {
  const order = [...states.keys()].sort((a, b) => a - b);
  const lastOpportunity = order[order.length - 1]!;
  const end: State = { ends: [], score: Infinity, previous: undefined };
  states.get(input.start.index)!.score = 0;
  for (const index of order) {
    const from = states.get(index)!;
    if (from.score === Infinity) continue;
    for (const line of from.ends) {
      const to = line.to >= input.pieceCount ? end : states.get(line.to);
      if (to === undefined) continue;
      const orphan = line.to === lastOpportunity && lastOpportunity > input.start.index ? ORPHAN_PENALTY : 0;
      const width = to === end && !input.balance ? 0 : line.slack * line.slack;
      const score = from.score + width + input.linePenalty + orphan;
      if (score <= to.score) {
        to.score = score;
        to.previous = { from: index, breakWidth: line.breakWidth };
      }
    }
  }
  const widths: { breakWidth: number }[] = [];
  for (let state: State | undefined = end; state?.previous !== undefined; state = states.get(state.previous.from)) widths.push({ breakWidth: state.previous.breakWidth });
  return widths.length > 0 && widths.length <= (input.balance ? MAX_BALANCED_LINES : PRETTY_LINES) ? widths.reverse() : undefined;
}
