/**
 * Prometheus metrics of the service (docs/design.md §1.4 "Operations"), served at `/metrics` with
 * prom-client: requests by method and status, render time, render queue length, render processes
 * still warming up and their warm-up renders, quota refusals, and the process's own figures (memory, event loop lag). One
 * registry per service, so several services in one process (tests) do not mix their counts.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WarmUpProgress } from './warm-until-steady.js';

export interface ServiceMetrics {
  readonly contentType: string;
  /** The exposition text. */
  text(): Promise<string>;
  request(method: string, status: number, errorCode: string | undefined): void;
  /** Wraps a render: its duration goes into the histogram, whatever the outcome. */
  timeRender<T>(work: () => Promise<T>): Promise<T>;
  /** A render process's warm-up has ended: its renders, by kind (not requests: no request metric counts them). */
  warmedUp(progress: WarmUpProgress): void;
}

export function createServiceMetrics(queueLength: () => number = () => 0, warmingProcesses: () => number = () => 0): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'octavo_' });
  const requests = new Counter({
    name: 'octavo_http_requests_total', help: 'HTTP requests answered, by method and status', labelNames: ['method', 'status'], registers: [registry],
  });
  const quotaRefusals = new Counter({ name: 'octavo_quota_refusals_total', help: 'Generations refused for want of quota (429)', registers: [registry] });
  const renders = new Histogram({
    name: 'octavo_render_duration_seconds', help: 'Time to render one document (generate and previews)', labelNames: ['outcome'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: [registry],
  });
  new Gauge({
    name: 'octavo_render_queue_length', help: 'Renders waiting for a worker thread', registers: [registry],
    collect() { this.set(queueLength()); },
  });
  new Gauge({
    name: 'octavo_render_processes_warming', help: 'Render processes still warming up (they take requests meanwhile)', registers: [registry],
    collect() { this.set(warmingProcesses()); },
  });
  const warmUpRenders = new Counter({
    name: 'octavo_warm_up_renders_total', labelNames: ['kind'], registers: [registry],
    help: 'Warm-up renders of the render processes once ready, counted when their warm-up ends: of stored templates or of the built-in warm-up document',
  });
  const warmUpFailures = new Counter({
    name: 'octavo_warm_up_template_failures_total', registers: [registry],
    help: 'Stored templates whose warm-up render failed (each then left out of that warm-up)',
  });
  return {
    contentType: registry.contentType,
    warmedUp(progress) {
      warmUpRenders.inc({ kind: 'template' }, progress.templateRenders);
      warmUpRenders.inc({ kind: 'document' }, progress.renders - progress.templateRenders);
      warmUpFailures.inc(progress.failures.length);
    },
    text: () => registry.metrics(),
    request(method, status, errorCode) {
      requests.inc({ method, status: String(status) });
      if (errorCode === 'quota_exceeded') quotaRefusals.inc();
    },
    async timeRender(work) {
      const stop = renders.startTimer();
      try {
        const result = await work();
        stop({ outcome: 'ok' });
        return result;
      } catch (error) {
        stop({ outcome: 'error' });
        throw error;
      }
    },
  };
}
