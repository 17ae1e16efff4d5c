/** Argument parsing shared by `octavo serve`, `octavo workspace` and `octavo template` (docs/design.md §1.3). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, unknownOptionMessage } from './command.js';
import type { StorageConfig, StorageKind } from '../../service/storage/index.js';
import { DEFAULT_WARM_UP_MS } from '../../service/warm-until-steady.js';
import type { LogLevel } from '../../service/logging.js';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS } from '../../service/logging.js';
import type { TemplateHelper } from '../../options.js';
import { loadHelpersModule } from '../../helpers-module.js';
import { isOctavoError } from '../../errors.js';

/** `list`: a repeatable flag (`--allow-remote A --allow-remote B`), its values in order. */
export type FlagKind = 'string' | 'boolean' | 'list';

export interface ParsedArgs {
  readonly positional: readonly string[];
  readonly strings: ReadonlyMap<string, string>;
  readonly booleans: ReadonlySet<string>;
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

/** `--name value`, `--name=value` and boolean `--name`; unknown flags are usage errors. */
export function parseArgs(args: readonly string[], flags: Readonly<Record<string, FlagKind>>): ParsedArgs {
  const positional: string[] = [];
  const strings = new Map<string, string>();
  const booleans = new Set<string>();
  const lists = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const kind = flags[name];
    if (kind === undefined) throw new UsageError(unknownOptionMessage(`--${name}`, Object.keys(flags)));
    if (kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      booleans.add(name);
      continue;
    }
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    if (kind === 'list') lists.set(name, [...(lists.get(name) ?? []), value]);
    else strings.set(name, value);
  }
  return { positional, strings, booleans, lists };
}

export function integerOption(parsed: ParsedArgs, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = parsed.strings.get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}`);
  return value;
}

export function requiredOption(parsed: ParsedArgs, name: string): string {
  const value = parsed.strings.get(name);
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** `--font-dir DIR` as the pool's `fonts` (a folder that exists), or nothing. */
export function fontDirOption(parsed: ParsedArgs, cwd: string): { fonts?: string[] } {
  const dir = parsed.strings.get('font-dir');
  if (dir === undefined) return {};
  const path = resolve(cwd, dir);
  if (!existsSync(path)) throw new UsageError(`--font-dir ${dir}: no such file or folder`);
  return { fonts: [path] };
}

export const HELPERS_USAGE = [
  '  --helpers FILE.mjs     template helpers every render may call, as `octavo render --helpers` takes them:',
  '                         the functions FILE exports (or its default object); your code, run in each render thread',
];

/**
 * `--helpers FILE` of `octavo serve`, `octavo worker` and `octavo template add|update`: the module
 * resolved against the working folder (what each render process loads) and its helpers, loaded
 * here once — so a module that is missing, throws or exports no function stops the command
 * before it serves, not each render process as it starts.
 */
export async function helpersOption(parsed: ParsedArgs, cwd: string): Promise<{ helpersModule?: string; helpers?: Record<string, TemplateHelper> }> {
  const file = parsed.strings.get('helpers');
  if (file === undefined) return {};
  const helpersModule = resolve(cwd, file);
  try {
    return { helpersModule, helpers: await loadHelpersModule(helpersModule) };
  } catch (error) {
    if (isOctavoError(error)) throw new UsageError(`--helpers ${file}: ${error.message}`);
    throw error;
  }
}

export const WARM_UP_USAGE = [
  '  --warm-up-ms MS        CPU ms each render thread may spend, once it takes requests, rendering a warm-up',
  `                         document while no request waits, until its renders settle (default ${DEFAULT_WARM_UP_MS}; 0: none)`,
];

/** `--warm-up-ms MS` of `octavo serve` and `octavo worker`: the render processes' warm-up budget once they are ready. */
export function warmUpMsOption(parsed: ParsedArgs): number {
  return integerOption(parsed, 'warm-up-ms', DEFAULT_WARM_UP_MS, 0, 600_000);
}

export const LOG_LEVEL_USAGE = [
  `  --log-level LEVEL      least severe log line written: ${LOG_LEVELS.join(', ')} (default $OCTAVO_LOG_LEVEL or ${DEFAULT_LOG_LEVEL})`,
];

/** `--log-level LEVEL` of `octavo serve` and `octavo worker`, else $OCTAVO_LOG_LEVEL, else info. */
export function logLevelOption(parsed: ParsedArgs): LogLevel {
  const flag = parsed.strings.get('log-level');
  const raw = flag ?? (process.env['OCTAVO_LOG_LEVEL'] || undefined) ?? DEFAULT_LOG_LEVEL; // an empty variable is unset
  const level = LOG_LEVELS.find((known) => known === raw.toLowerCase());
  if (level === undefined) throw new UsageError(`${flag === undefined ? 'OCTAVO_LOG_LEVEL' : '--log-level'} must be ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** Default data folder: $OCTAVO_DATA_DIR, else ./octavo-data. */
export function dataDirOption(parsed: ParsedArgs, cwd: string): string {
  return resolve(cwd, parsed.strings.get('data-dir') ?? process.env['OCTAVO_DATA_DIR'] ?? 'octavo-data');
}

/**
 * The storage of a command: `--storage` if the command has it, else postgres when a database
 * URL is given, else fs in the data folder.
 */
export function storageOption(parsed: ParsedArgs, cwd: string): StorageConfig {
  const databaseUrl = parsed.strings.get('database-url') ?? process.env['DATABASE_URL'];
  const explicit = parsed.strings.get('storage');
  if (explicit !== undefined && explicit !== 'fs' && explicit !== 'memory' && explicit !== 'postgres') {
    throw new UsageError('--storage must be fs, memory or postgres');
  }
  if (parsed.strings.has('data-dir') && parsed.strings.has('database-url')) {
    throw new UsageError('give --data-dir or --database-url, not both');
  }
  const kind: StorageKind = explicit ?? (parsed.strings.has('database-url') ? 'postgres' : 'fs');
  if (kind === 'postgres' && databaseUrl === undefined) throw new UsageError('--storage postgres needs --database-url (or DATABASE_URL)');
  return { kind, dataDir: dataDirOption(parsed, cwd), ...(kind === 'postgres' && databaseUrl !== undefined ? { databaseUrl } : {}) };
}
