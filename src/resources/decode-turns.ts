/**
 * Decoding takes turns by pixels, process-wide. Every image of a document is loaded together: a
 * page of twelve 548-byte GIFs that each declare 34 million pixels was decoded all at once in
 * 2.1 GB (and 256 of them, the resource limit, would have needed 70). Within MEGAPIXELS_AT_ONCE
 * they wait their turn; an image over it (a larger `maxImagePixels`) is decoded alone.
 *
 * A wait must not outlast its render: while waiting, the render's budget is checked every
 * BUDGET_POLL_MS, so a decode that never ends (or a long queue) fails only the renders whose time
 * is spent, each with its own limit error, never holding the others past theirs.
 */
import { Semaphore } from 'async-mutex';

const MEGAPIXELS_AT_ONCE = 48;
// weighed in whole megapixels: async-mutex walks its weights one by one when it is released
const decoding = new Semaphore(MEGAPIXELS_AT_ONCE);
const BUDGET_POLL_MS = 100;

/**
 * Runs `task` once it is this image's turn (`pixels` the size its header declares); `checkBudget`
 * throws when the render's time is spent. PNGs PDFKit decodes while the PDF is written take the
 * same turns (pdf/pdfkit-png.ts).
 */
export async function inDecodeTurn<T>(pixels: number, checkBudget: (() => void) | undefined, task: () => Promise<T>): Promise<T> {
  // a size not known is taken as large
  const weight = Number.isFinite(pixels) && pixels > 0 ? Math.max(1, Math.min(MEGAPIXELS_AT_ONCE, Math.ceil(pixels / 1e6))) : MEGAPIXELS_AT_ONCE;
  const turn = decoding.acquire(weight);
  if (checkBudget !== undefined) await untilTurnOrSpent(turn, checkBudget);
  const [, release] = await turn;
  try {
    checkBudget?.();
    return await task();
  } finally {
    release();
  }
}

/** Waits for `turn`, checking the budget meanwhile; a spent budget gives the turn back as soon as it comes, and throws. */
async function untilTurnOrSpent(turn: Promise<[number, () => void]>, checkBudget: () => void): Promise<void> {
  let poll: ReturnType<typeof setInterval> | undefined;
  const spent = new Promise<never>((_, reject) => {
    poll = setInterval(() => {
      try {
        checkBudget();
      } catch (error) {
        reject(error);
      }
    }, BUDGET_POLL_MS);
  });
  try {
    await Promise.race([turn, spent]);
  } catch (error) {
    void turn.then(([, release]) => release());
    throw error;
  } finally {
    clearInterval(poll);
  }
}
