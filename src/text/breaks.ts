/**
 * Line break opportunities (UAX #14, via the linebreak package). An opportunity at `index`
 * means a line may end before text[index] (a UTF-16 index); `required` marks mandatory breaks
 * after a newline (BK, CR, LF, NL classes).
 *
 * Only opportunities inside the text are returned, plus the end of the text when the text ends
 * with a newline (that break is mandatory); the end of the text is otherwise not listed.
 */
import LineBreaker from 'linebreak';
import type { BreakOpportunity } from './types.js';

/** UAX #14 classes BK, CR, LF, NL: a break after them is mandatory (LB4-LB5). */
function isMandatoryBreakChar(code: number): boolean {
  return code === 0x0a || code === 0x0b || code === 0x0c || code === 0x0d || code === 0x85 || code === 0x2028 || code === 0x2029;
}

export function findBreakOpportunities(text: string): BreakOpportunity[] {
  const opportunities: BreakOpportunity[] = [];
  if (text.length === 0) return opportunities;
  const breaker = new LineBreaker(text);
  for (let next = breaker.nextBreak(); next !== null; next = breaker.nextBreak()) {
    if (next.position < text.length) {
      opportunities.push({ index: next.position, required: next.required });
    } else if (isMandatoryBreakChar(text.charCodeAt(text.length - 1))) {
      opportunities.push({ index: text.length, required: true });
    }
  }
  return opportunities;
}
