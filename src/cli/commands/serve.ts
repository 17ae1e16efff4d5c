/**
 * `octavo serve [--data-dir DIR] [--port N] [--host H] [--storage fs|memory|postgres]
 * [--database-url URL] [--base-url URL] [--link-ttl SECONDS]` (docs/design.md §1.3): the document
 * API on Node's http server until SIGINT/SIGTERM. Request logs are JSON lines on stdout,
 * messages for humans go to stderr.
 */
import { join } from 'node:path';
import type { CliCommand, CliIo } from '../shared/command.js';
import { UsageError } from '../shared/command.js';
import {
  HELPERS_USAGE, LOG_LEVEL_USAGE, WARM_UP_USAGE, dataDirOption, fontDirOption, helpersOption, integerOption, logLevelOption, parseArgs, storageOption, warmUpMsOption,
} from '../shared/service-options.js';
import { jsonLineLogger } from '../../service/logging.js';
import type { RunningService } from '../../service/main/server.js';
import { startService } from '../../service/main/server.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../service/main/http.js';
import { DEFAULT_LINK_TTL_SECONDS } from '../../service/operations.js';
import { UPLOAD_SPOOL_FOLDER } from '../../service/storage/fs.js';
import { openStorage } from '../../service/storage/index.js';
import { DEFAULT_MAX_QUEUE, DEFAULT_RENDER_TIMEOUT_MS } from '../../service/workers.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../../service/node-server.js';
import type { Limits } from '../../options.js';
import { DEFAULT_LIMITS } from '../../options.js';
import { allowRemoteOrigins, remoteOptionOf } from '../shared/remote-flag.js';
import { JOB_FLAGS, JOB_USAGE, jobsOption } from '../shared/job-options.js';
import { warmUpJob } from '../../service/warm-up.js';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

/** Engine limits settable on the command line (`--max-pages N` sets limits.maxPages). */
const LIMIT_FLAGS: Readonly<Record<string, Exclude<keyof Limits, 'maxRenderMs'>>> = {
  'max-pages': 'maxPages',
  'max-template-bytes': 'maxTemplateBytes',
  'max-resource-bytes': 'maxResourceBytes',
  'max-nesting-depth': 'maxNestingDepth',
  'max-data-depth': 'maxDataDepth',
  'max-payload-bytes': 'maxPayloadBytes',
  'max-boxes': 'maxBoxes',
  'max-image-pixels': 'maxImagePixels',
  'max-font-bytes': 'maxFontBytes',
  'max-resources': 'maxResources',
};

const FLAGS = {
  'data-dir': 'string', port: 'string', host: 'string', storage: 'string', 'database-url': 'string',
  'base-url': 'string', 'link-ttl': 'string', 'render-timeout': 'string', 'body-limit': 'string', workers: 'string',
  'max-queue': 'string', 'headers-timeout': 'string', 'request-timeout': 'string', demo: 'boolean', 'allow-remote': 'list',
  'font-dir': 'string', 'warm-up-ms': 'string', 'log-level': 'string', helpers: 'string',
  ...JOB_FLAGS,
  ...Object.fromEntries(Object.keys(LIMIT_FLAGS).map((flag) => [flag, 'string' as const])),
} as const;

function limitsOption(parsed: ReturnType<typeof parseArgs>): Limits {
  const limits: Limits = {};
  for (const [flag, name] of Object.entries(LIMIT_FLAGS)) {
    if (parsed.strings.has(flag)) limits[name] = integerOption(parsed, flag, DEFAULT_LIMITS[name], 1);
  }
  return limits;
}

const command: CliCommand = {
  summary: 'Run the document API (list templates, generate PDFs, workspace quota) over HTTP.',
  usage: [
    'usage: octavo serve [--data-dir DIR] [--port N] [--host H] [--storage fs|memory|postgres]',
    '                    [--database-url URL] [--base-url URL] [--link-ttl SECONDS] [--demo] [--helpers FILE.mjs]',
    '',
    '  --data-dir DIR         fs storage folder (default $OCTAVO_DATA_DIR or ./octavo-data)',
    `  --port N               (default ${DEFAULT_PORT}; 0 picks a free one)`,
    `  --host H               interface to listen on (default ${DEFAULT_HOST})`,
    '  --storage KIND         fs (default), memory, or postgres (needs --database-url or DATABASE_URL)',
    '  --base-url URL         public URL used in download and preview links (default: from the request)',
    `  --link-ttl SECONDS     lifetime of download links (default ${DEFAULT_LINK_TTL_SECONDS})`,
    `  --render-timeout MS    render time limit (limits.maxRenderMs), 422 limit_exceeded after it (default ${DEFAULT_RENDER_TIMEOUT_MS})`,
    `  --body-limit BYTES     request body limit, 413 above it (default ${DEFAULT_BODY_LIMIT_BYTES})`,
    '  --workers N            render threads (default: the number of cores)',
    `  --max-queue N          renders waiting for a thread; more answer 503 Retry-After (default ${DEFAULT_MAX_QUEUE})`,
    ...WARM_UP_USAGE,
    ...LOG_LEVEL_USAGE,
    `  --headers-timeout MS   time a client has to send its headers, 408 after it (default ${DEFAULT_HEADERS_TIMEOUT_MS})`,
    `  --request-timeout MS   time a client has to send its whole request, 408 after it (default ${DEFAULT_REQUEST_TIMEOUT_MS})`,
    '  --allow-remote ORIGIN  templates may use stylesheets, fonts and images from ORIGIN (repeatable;',
    '                         * for any public host); none: no remote fetch, such resources are warnings',
    '  engine limits, 422 limit_exceeded above them (defaults as the engine\'s):',
    ...Object.entries(LIMIT_FLAGS).map(([flag, name]) => `    --${flag.padEnd(20)} limits.${name} (default ${DEFAULT_LIMITS[name]})`),
    '  --font-dir DIR         font files (.ttf .otf .woff .woff2 .ttc) every render can use by family name',
    '                         and for characters other fonts lack',
    ...HELPERS_USAGE,
    '  --demo                 fs storage with a demo workspace and the fixture templates; prints a key and curl',
    ...JOB_USAGE,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, FLAGS);
    if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`);
    const port = integerOption(parsed, 'port', DEFAULT_PORT, 0, 65_535);
    const host = parsed.strings.get('host') ?? DEFAULT_HOST;
    const linkTtlSeconds = integerOption(parsed, 'link-ttl', DEFAULT_LINK_TTL_SECONDS, 1, 31_536_000);
    const baseUrl = parsed.strings.get('base-url');
    if (baseUrl !== undefined && !/^https?:\/\/[^/]+/.test(baseUrl)) throw new UsageError('--base-url must be an http(s) URL');
    const limits = limitsOption(parsed);
    const allowRemote = allowRemoteOrigins(parsed.lists.get('allow-remote'));
    const { helpersModule } = await helpersOption(parsed, io.cwd);
    const pool = {
      timeoutMs: integerOption(parsed, 'render-timeout', DEFAULT_RENDER_TIMEOUT_MS, 1),
      limits,
      ...remoteOptionOf(allowRemote),
      maxQueue: integerOption(parsed, 'max-queue', DEFAULT_MAX_QUEUE, 0),
      ...fontDirOption(parsed, io.cwd),
      ...(helpersModule === undefined ? {} : { helpersModule }),
      ...(parsed.strings.has('workers') ? { threads: integerOption(parsed, 'workers', 1, 1, 256) } : {}),
      warmUp: warmUpJob(),
      warmUpMs: warmUpMsOption(parsed),
    };
    const logger = jsonLineLogger(undefined, logLevelOption(parsed));
    const bodyLimitBytes = integerOption(parsed, 'body-limit', DEFAULT_BODY_LIMIT_BYTES, 1);
    const timeouts = {
      headersTimeoutMs: integerOption(parsed, 'headers-timeout', DEFAULT_HEADERS_TIMEOUT_MS, 1),
      requestTimeoutMs: integerOption(parsed, 'request-timeout', DEFAULT_REQUEST_TIMEOUT_MS, 1),
    };
    let service: RunningService;
    if (parsed.booleans.has('demo')) {
      const { startDemo } = await import('../../service/main/demo.js');
      service = await startDemo({
        dataDir: dataDirOption(parsed, io.cwd), port, host, linkTtlSeconds, pool, cwd: io.cwd, logger,
        ...(baseUrl === undefined ? {} : { baseUrl }),
        out: (text) => { io.stdout.write(text); },
      });
    } else {
      const config = storageOption(parsed, io.cwd);
      const storage = await openStorage(config);
      try {
        service = await startService({
          storage, host, port, linkTtlSeconds, bodyLimitBytes, pool, timeouts, logger, jobs: jobsOption(parsed, config),
          ...(config.kind === 'fs' ? { uploadSpoolDir: join(config.dataDir, UPLOAD_SPOOL_FOLDER) } : {}),
          ...(limits.maxDataDepth === undefined ? {} : { maxDataDepth: limits.maxDataDepth }),
          ...(baseUrl === undefined ? {} : { baseUrl }),
        });
      } catch (error) {
        await storage.close();
        throw error;
      }
      const where = config.kind === 'fs' ? ` in ${config.dataDir}` : '';
      io.stderr.write(`octavo serve: ${config.kind} storage${where}; listening on ${service.url}/v1\n`);
    }
    await waitForStop(io);
    await service.close();
    return 0;
  },
};

/** Resolves on the first SIGINT or SIGTERM. */
export function waitForStop(io: CliIo): Promise<void> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      io.stderr.write(`octavo serve: ${signal}, stopping\n`);
      resolve();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}

export default command;
