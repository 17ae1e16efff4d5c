/**
 * The service's log level (service/logging.ts, `--log-level` / $OCTAVO_LOG_LEVEL of `octavo serve`
 * and `octavo worker`): lines below the level are not written; the default is info, so the
 * warm-up's `warm_up_failed` (debug) lines are written only when asked for.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS } from '../helpers/processes.js';
import type { RequestLogEntry, WarmUpFailureLogEntry } from '../../src/service/logging.js';
import { jsonLineLogger } from '../../src/service/logging.js';
import { logLevelOption, parseArgs } from '../../src/cli/shared/service-options.js';
import { UsageError } from '../../src/cli/shared/command.js';

const cli = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/cli/main.js');

const request = (level: RequestLogEntry['level']): RequestLogEntry => ({
  time: 't', level, msg: 'request', method: 'GET', path: '/', status: 200, duration_ms: 1, correlation_id: 'c',
});
const warmUpFailed: WarmUpFailureLogEntry = { time: 't', level: 'debug', msg: 'warm_up_failed', workspace_id: 'w', template_id: 't', error: 'e' };

function written(level?: Parameters<typeof jsonLineLogger>[1]): string[] {
  const lines: string[] = [];
  const log = jsonLineLogger((line) => lines.push(line), level);
  for (const entry of [warmUpFailed, request('info'), request('warn'), request('error')]) log(entry);
  return lines.map((line) => (JSON.parse(line) as { level: string }).level);
}

describe('jsonLineLogger', () => {
  it('writes info and above by default: no debug line', () => {
    expect(written()).toEqual(['info', 'warn', 'error']);
  });

  it('writes every line at debug and only the errors at error', () => {
    expect(written('debug')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(written('warn')).toEqual(['warn', 'error']);
    expect(written('error')).toEqual(['error']);
  });
});

describe('--log-level', () => {
  const saved = process.env['OCTAVO_LOG_LEVEL'];
  afterEach(() => {
    if (saved === undefined) delete process.env['OCTAVO_LOG_LEVEL'];
    else process.env['OCTAVO_LOG_LEVEL'] = saved;
  });
  const option = (args: string[]) => logLevelOption(parseArgs(args, { 'log-level': 'string' }));

  it('takes the flag, else $OCTAVO_LOG_LEVEL, else info', () => {
    delete process.env['OCTAVO_LOG_LEVEL'];
    expect(option([])).toBe('info');
    process.env['OCTAVO_LOG_LEVEL'] = 'DEBUG';
    expect(option([])).toBe('debug');
    expect(option(['--log-level', 'warn'])).toBe('warn');
    process.env['OCTAVO_LOG_LEVEL'] = 'loud';
    expect(() => option([])).toThrow(UsageError);
    expect(() => option(['--log-level', 'error'])).not.toThrow();
    process.env['OCTAVO_LOG_LEVEL'] = ''; // set but empty, as compose files leave it: unset
    expect(option([])).toBe('info');
  });

  it('refuses an unknown level as a usage error of octavo serve', async () => {
    const refused = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, 'serve', '--storage', 'memory', '--port', '0', '--log-level', 'verbose'], { encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS }, (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stderr });
      });
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--log-level must be debug, info, warn, error');
  }, PROCESS_TEST_TIMEOUT_MS);
});
