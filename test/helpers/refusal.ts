/**
 * Fuzz tests accept a render that refuses its input with a typed error — a limit, a template
 * error — and fail on a fault of octavo's own: an error that is not an `OctavoError`, or the
 * `render_error` the engine reports such a fault as (src/errors.ts `octavoFault`).
 *
 *   } catch (error) {
 *     tally(refusalCode(error, `template ${JSON.stringify(template)}`));
 *   }
 */
import { OctavoError, isUnexpectedError } from '../../src/errors.js';

/** The refusal's code; throws, naming `what`, when the error is octavo's own fault. */
export function refusalCode(error: unknown, what: string): string {
  if (error instanceof OctavoError && !isUnexpectedError(error)) return error.code;
  const cause = error instanceof OctavoError ? error.cause ?? error : error;
  throw new Error(`${what}: octavo failed: ${String(cause)}`, { cause });
}
