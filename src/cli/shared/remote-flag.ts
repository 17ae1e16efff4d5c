/** `--allow-remote ORIGIN` (repeatable) of render, check, preview and serve: each origin checked. */
import { normalizeOrigin } from '../../net/allow-list.js';
import { UsageError } from './command.js';

/** The origins as given, or undefined when the flag is absent; a usage error names a bad one. */
export function allowRemoteOrigins(values: readonly string[] | undefined): readonly string[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  for (const value of values) {
    try {
      normalizeOrigin(value);
    } catch (error) {
      throw new UsageError(`--allow-remote: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return values;
}

/** The engine option the allowed origins give (none without `--allow-remote`): spread into engine or pool options. */
export function remoteOptionOf(origins: readonly string[] | undefined): { readonly remote?: { readonly allow: readonly string[] } } {
  return origins === undefined ? {} : { remote: { allow: origins } };
}
