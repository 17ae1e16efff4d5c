/**
 * The document the startup snapshot renders while it is built (scripts/build-snapshot.mjs):
 * service/warm-up.ts's made-up business document. Rendering it once compiles the code it runs
 * and parses the fonts, so that a CLI process started from the snapshot finds them ready.
 */
import { warmUpJob } from '../../service/warm-up.js';

/** The warm-up's template file content and its JSON payload. */
export function warmUpDocument(): { template: string; data: string } {
  const { template, data } = warmUpJob();
  return { template, data: JSON.stringify(data) };
}
