/**
 * The flags of asynchronous generation shared by `octavo serve` and `octavo worker`: how many
 * jobs this process renders at once (`--no-render`: none, an API-only process), when a run is
 * taken as abandoned, how long finished jobs are kept.
 */
import { UsageError } from './command.js';
import type { ParsedArgs } from './service-options.js';
import { integerOption } from './service-options.js';
import type { ServiceJobsConfig } from '../../service/main/server.js';
import type { StorageConfig } from '../../service/storage/index.js';
import { DEFAULT_JOB_RETENTION_SECONDS, DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS } from '../../service/main/jobs-setup.js';
import { DEFAULT_WEBHOOK_ATTEMPTS } from '../../service/webhooks/deliveries.js';
import { DEFAULT_MAX_ATTEMPTS } from '../../service/jobs/runner.js';

export const JOB_FLAGS = {
  'no-render': 'boolean', 'job-concurrency': 'string', 'job-attempts': 'string', 'job-abandon-after': 'string',
  'job-retention': 'string', 'queue-poll-interval': 'string', 'queue-maintenance-interval': 'string',
  'allow-webhook': 'string', 'webhook-attempts': 'string', 'webhook-retry-delay': 'string',
} as const;

export const JOB_USAGE = [
  '  asynchronous jobs (POST /v1/pdfs with Prefer: respond-async):',
  '    --no-render              take jobs over HTTP only; `octavo worker` processes render them (postgres storage)',
  '    --job-concurrency N      jobs this process renders at once (default: the render threads)',
  `    --job-attempts N         runs of one job before it fails (default ${DEFAULT_MAX_ATTEMPTS})`,
  '    --job-abandon-after S    a run not finished after S seconds is taken as lost and retried (default: render timeout + 30)',
  `    --job-retention S        finished jobs are removed S seconds after finishing (default ${DEFAULT_JOB_RETENTION_SECONDS})`,
  '    --queue-poll-interval S  how often an idle worker asks PostgreSQL for work, ≥ 0.5 (default 1)',
  '    --queue-maintenance-interval S  how often abandoned runs are retried (default 30)',
  '  webhooks:',
  '    --allow-webhook ORIGIN[,ORIGIN]  origins allowed although private/loopback (e.g. http://127.0.0.1:4000)',
  `    --webhook-attempts N     attempts of one delivery (default ${DEFAULT_WEBHOOK_ATTEMPTS})`,
  `    --webhook-retry-delay S  delay before the first retry, doubled at each (default ${DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS})`,
];

function secondsOption(parsed: ParsedArgs, name: string, min: number): number | undefined {
  const raw = parsed.strings.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min) throw new UsageError(`--${name} must be a number of seconds ≥ ${min}`);
  return value;
}

function originsOption(raw: string): string[] {
  return raw.split(',').map((origin) => {
    if (!/^https?:\/\/[^/]+\/?$/.test(origin.trim()) || !URL.canParse(origin.trim())) {
      throw new UsageError(`--allow-webhook takes origins (http://host:port), not '${origin}'`);
    }
    return new URL(origin.trim()).origin;
  });
}

export function jobsOption(parsed: ParsedArgs, storage: StorageConfig): ServiceJobsConfig {
  const noRender = parsed.booleans.has('no-render');
  if (noRender && storage.kind !== 'postgres') {
    throw new UsageError('--no-render needs postgres storage: with fs or memory storage, jobs run in the process that took them');
  }
  const optional = (name: string, value: number | undefined) => (value === undefined ? {} : { [name]: value });
  return {
    ...(storage.databaseUrl === undefined ? {} : { databaseUrl: storage.databaseUrl }),
    ...(noRender ? { concurrency: 0 } : parsed.strings.has('job-concurrency') ? { concurrency: integerOption(parsed, 'job-concurrency', 1, 1, 256) } : {}),
    ...(parsed.strings.has('job-attempts') ? { maxAttempts: integerOption(parsed, 'job-attempts', DEFAULT_MAX_ATTEMPTS, 1, 100) } : {}),
    ...optional('abandonAfterSeconds', secondsOption(parsed, 'job-abandon-after', 1)),
    ...optional('retentionSeconds', secondsOption(parsed, 'job-retention', 1)),
    ...optional('pollingIntervalSeconds', secondsOption(parsed, 'queue-poll-interval', 0.5)),
    ...optional('maintenanceIntervalSeconds', secondsOption(parsed, 'queue-maintenance-interval', 1)),
    ...(parsed.strings.has('allow-webhook') ? { allowedWebhookOrigins: originsOption(parsed.strings.get('allow-webhook')!) } : {}),
    ...(parsed.strings.has('webhook-attempts') ? { webhookAttempts: integerOption(parsed, 'webhook-attempts', DEFAULT_WEBHOOK_ATTEMPTS, 1, 30) } : {}),
    ...optional('webhookRetryDelaySeconds', secondsOption(parsed, 'webhook-retry-delay', 1)),
  };
}
