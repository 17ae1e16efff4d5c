/**
 * Per-render settings the helpers read: the default locale and time zone (render option, else the
 * template's `<html lang>` / `data-time-zone`, else en-US / UTC) and the sink `{{log}}` writes to.
 * A template runs synchronously, so the renderer sets them for exactly the duration of one run.
 */
import type { HelperLocation } from './define.js';

export interface HelperSettings {
  readonly locale: string;
  readonly timeZone: string;
  /** Receives `{{log}}` messages (a library never writes to the console). */
  readonly log: (message: string, loc: HelperLocation | undefined) => void;
}

export const DEFAULT_SETTINGS: HelperSettings = { locale: 'en-US', timeZone: 'UTC', log: () => undefined };

let current: HelperSettings = DEFAULT_SETTINGS;

/** Runs `run` with `settings` in effect, restoring the previous ones afterwards (also on errors). */
export function withSettings<T>(settings: HelperSettings, run: () => T): T {
  const previous = current;
  current = settings;
  try {
    return run();
  } finally {
    current = previous;
  }
}

export function settings(): HelperSettings {
  return current;
}
