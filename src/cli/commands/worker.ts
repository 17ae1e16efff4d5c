/**
 * `octavo worker --database-url URL`: renders asynchronous jobs taken from PostgreSQL (pg-boss)
 * until SIGINT/SIGTERM, on any machine that reaches the database; no HTTP. Running jobs finish
 * before it exits; a worker killed mid-render leaves its job to be retried by another.
 */
import type { CliCommand } from '../shared/command.js';
import { UsageError } from '../shared/command.js';
import { HELPERS_USAGE, LOG_LEVEL_USAGE, WARM_UP_USAGE, helpersOption, integerOption, logLevelOption, parseArgs, warmUpMsOption } from '../shared/service-options.js';
import { jsonLineLogger } from '../../service/logging.js';
import { JOB_FLAGS, JOB_USAGE, jobsOption } from '../shared/job-options.js';
import { allowRemoteOrigins, remoteOptionOf } from '../shared/remote-flag.js';
import { startWorker } from '../../service/main/worker-process.js';
import { DEFAULT_LINK_TTL_SECONDS } from '../../service/operations.js';
import { DEFAULT_RENDER_TIMEOUT_MS } from '../../service/workers.js';
import { waitForStop } from './serve.js';
import { warmUpJob } from '../../service/warm-up.js';

const FLAGS = { 'database-url': 'string', workers: 'string', 'render-timeout': 'string', 'link-ttl': 'string', 'allow-remote': 'list', 'warm-up-ms': 'string', 'log-level': 'string', helpers: 'string', ...JOB_FLAGS } as const;

const command: CliCommand = {
  summary: 'Render asynchronous jobs from PostgreSQL (pg-boss); run as many as you like, on any machines.',
  usage: [
    'usage: octavo worker --database-url URL [--workers N] [--render-timeout MS] [--link-ttl SECONDS] [--warm-up-ms MS]',
    '                     [--log-level LEVEL] [--helpers FILE.mjs]',
    '',
    '  --database-url URL     the PostgreSQL of the `octavo serve` processes (or DATABASE_URL)',
    '  --workers N            render threads (default: the number of cores)',
    `  --render-timeout MS    render time limit (default ${DEFAULT_RENDER_TIMEOUT_MS})`,
    `  --link-ttl SECONDS     lifetime of download links, counted from a job's completion (default ${DEFAULT_LINK_TTL_SECONDS})`,
    '  --allow-remote ORIGIN  remote stylesheets, fonts and images from ORIGIN (repeatable; * for any public host)',
    ...HELPERS_USAGE,
    ...WARM_UP_USAGE,
    ...LOG_LEVEL_USAGE,
    ...JOB_USAGE.filter((line) => !line.includes('--no-render')),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, FLAGS);
    if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`);
    if (parsed.booleans.has('no-render')) throw new UsageError('--no-render is an option of octavo serve: a worker renders');
    const databaseUrl = parsed.strings.get('database-url') ?? process.env['DATABASE_URL'];
    if (databaseUrl === undefined || databaseUrl === '') throw new UsageError('--database-url is required (or DATABASE_URL)');
    const allowRemote = allowRemoteOrigins(parsed.lists.get('allow-remote'));
    const { helpersModule } = await helpersOption(parsed, io.cwd);
    const worker = await startWorker({
      databaseUrl,
      linkTtlSeconds: integerOption(parsed, 'link-ttl', DEFAULT_LINK_TTL_SECONDS, 1, 31_536_000),
      pool: {
        timeoutMs: integerOption(parsed, 'render-timeout', DEFAULT_RENDER_TIMEOUT_MS, 1),
        ...remoteOptionOf(allowRemote),
        ...(helpersModule === undefined ? {} : { helpersModule }),
        ...(parsed.strings.has('workers') ? { threads: integerOption(parsed, 'workers', 1, 1, 256) } : {}),
        warmUp: warmUpJob(),
        warmUpMs: warmUpMsOption(parsed),
      },
      jobs: jobsOption(parsed, { kind: 'postgres', dataDir: '', databaseUrl }),
      logger: jsonLineLogger(undefined, logLevelOption(parsed)),
    });
    io.stderr.write(`octavo worker: rendering up to ${worker.concurrency} jobs at once\n`);
    await waitForStop(io);
    await worker.close();
    return 0;
  },
};

export default command;
