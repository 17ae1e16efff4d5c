/**
 * Per-render settings the helpers read: the default locale and time zone (render option, else the
 * template's `<html lang>` / `data-time-zone`, else en-US / UTC) and the sink `{{log}}` writes to.
 * The renderer binds them into the helpers of one run (template/render.ts, `runHelpers`): each call
 * carries them (`HelperCall.settings`), nothing is kept in a module.
 */
import type { HelperLocation } from './define.js';

export interface HelperSettings {
  readonly locale: string;
  readonly timeZone: string;
  /** Receives `{{log}}` messages (a library never writes to the console). */
  readonly log: (message: string, loc: HelperLocation | undefined) => void;
}

export const DEFAULT_SETTINGS: HelperSettings = { locale: 'en-US', timeZone: 'UTC', log: () => undefined };
