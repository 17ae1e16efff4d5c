/**
 * The job queue on PostgreSQL: pg-boss (the one folder that imports it). pg-boss keeps its own
 * tables in the `pgboss` schema (migrated on start, serialised by an advisory lock), hands each
 * job to one worker at a time with `SELECT … FOR UPDATE SKIP LOCKED`, retries a job whose handler
 * threw with exponential backoff, and expires an active job whose worker vanished (killed
 * mid-render) so it is retried elsewhere. Finished pg-boss jobs are archived and deleted by its
 * maintenance. Our own job rows (storage/jobs-postgres.ts) stay the truth about outcomes.
 */
import PgBoss from 'pg-boss';
import type { JobHandler, JobQueue } from '../records/jobs.js';

export interface PgBossOptions {
  readonly connectionString: string;
  /** How often an idle worker asks for work (pg-boss' minimum: 0.5 s). */
  readonly pollingIntervalSeconds?: number;
  /** How often expired active jobs are retried and old ones archived/deleted. */
  readonly maintenanceIntervalSeconds?: number;
  readonly maxConnections?: number;
}

export interface QueuePolicy {
  /** Runs after the first; each run that throws (or whose worker died) is retried until this many. */
  readonly retryLimit: number;
  /** First retry delay; doubled at each retry (pg-boss' retryBackoff). */
  readonly retryDelaySeconds: number;
  /** An active job not finished by then is taken as abandoned (its worker died) and retried. */
  readonly expireInSeconds: number;
}

/** One pg-boss connection per process, with a `JobQueue` per queue name. */
export interface PgBossConnection {
  queue(name: string, policy: QueuePolicy): Promise<JobQueue>;
  close(): Promise<void>;
}

export async function connectPgBoss(options: PgBossOptions): Promise<PgBossConnection> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    // finished pg-boss rows are only bookkeeping: ours are in the jobs table
    archiveCompletedAfterSeconds: 60,
    archiveFailedAfterSeconds: 3600,
    deleteAfterDays: 1,
    schedule: false,
  });
  // pg-boss reports connection problems as events; without a listener an EventEmitter would throw them
  boss.on('error', (error) => { process.stderr.write(`octavo: job queue error: ${error.message}\n`); });
  await boss.start();
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    queue: async (name, policy) => {
      await retryOnDeadlock(() => boss.createQueue(name, {
        name, retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
      }));
      return {
        enqueue: async (jobId) => { await boss.send(name, { jobId }, { id: jobId }); },
        // one INSERT … ON CONFLICT DO NOTHING with the queue's policy, as `send` would apply it
        enqueueMany: async (jobIds) => { await boss.insert(jobIds.map((jobId) => ({ id: jobId, name, data: { jobId } }))); },
        work: async (handler: JobHandler, concurrency: number) => {
          for (let i = 0; i < concurrency; i++) {
            const worker: { id?: string } = {};
            worker.id = await boss.work<{ jobId: string }>(name, { batchSize: 1, pollingIntervalSeconds: polling }, async (jobs) => {
              for (const job of jobs) await handler(job.data.jobId);
              // a worker that just ran a job asks again at once: pg-boss would otherwise wait out the
              // polling interval after every job, one job per interval (a 1,000-item batch at 2/s)
              if (jobs.length > 0 && worker.id !== undefined) boss.notifyWorker(worker.id);
            });
          }
        },
        close: async () => undefined,
      };
    },
    close: async () => {
      // graceful: running handlers finish (their renders are paid for), then the pool closes
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

/** PostgreSQL's "deadlock detected": the transaction was rolled back and may simply be run again. */
const DEADLOCK = '40P01';

/**
 * Runs `step` again when PostgreSQL rolled it back for a deadlock: processes starting together on
 * one database (two `octavo serve`, a fleet of workers) create the same queue at once, and
 * pg-boss's createQueue (a table partition and its row) can deadlock against itself there.
 */
async function retryOnDeadlock(step: () => Promise<void>, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
