/**
 * A stored template's files cross to a render process once per process and files version, not
 * with every job. Each job carried them (`RenderJob.files`, structured clone over the IPC pipe):
 * for the bench invoice with its logo and three fonts that is 1.5 MB serialised by the server,
 * written to the pipe, read back and deserialised per generate — 4.8 CPU ms of the server's per
 * request against 1.7 without files (bench/README.md, issue 32, stop 33).
 *
 * The pool (workers.ts) remembers, per process, the versions it has sent with their files and
 * sends later jobs of those versions without them, and without the template's source, which the
 * version names as well (`filesKept`); the process keeps each version's source and files it
 * received (`JobFilesKept`) and fills them in. A process that no longer has them (the
 * bound evicted them) answers `missingFiles` and the pool sends the job again with its files.
 * Safe: a files version names the workspace, the template, its version and its stamp
 * (template-job.ts), so a job is only ever given the files sent for that very version, to that
 * very process.
 */
import { BoundedCache } from '../cache/bounded.js';
import type { RenderJob } from './renderer.js';
import type { TemplateFiles } from './storage/types.js';
import { filesBytes } from './template-files-cache.js';

/** Bytes of job files a render process keeps (the engine's own caches keep the parsed fonts besides). */
export const DEFAULT_KEPT_JOB_FILES_BYTES = 64 * 1024 * 1024;
/** Files versions the pool remembers per process (each process evicts by bytes; a miss costs a resend only). */
const SENT_VERSIONS_PER_PROCESS = 256;

/** A job as it crosses to a render process: without its source and files when they are kept there. */
export type SentJob = Omit<RenderJob, 'template'> & { readonly template?: string };

/** What a process keeps of a version: its source and its files, weighed in bytes. */
interface KeptVersion {
  readonly template: string;
  readonly files: TemplateFiles;
}

function versionBytes(version: KeptVersion): number {
  return filesBytes(version.files) + 2 * version.template.length;
}

/** The pool's side: which files versions one process has been sent. */
export class JobFilesSent {
  private readonly versions = new BoundedCache<string, true>('service.job-files-sent', SENT_VERSIONS_PER_PROCESS);

  /** `keptBytes`: the processes' bound (JobFilesKept); files heavier than it are never kept, so always sent. */
  constructor(private readonly keptBytes = DEFAULT_KEPT_JOB_FILES_BYTES) {}

  /**
   * The job as it goes to this process: without its source and files when the process has been
   * sent them (a files version is one version of the template: its source too, template-job.ts).
   */
  message(id: number, job: RenderJob): { readonly id: number; readonly job: SentJob; readonly filesKept?: true } {
    const version = job.filesVersion;
    if (version === undefined || job.files === undefined) return { id, job };
    if (this.versions.get(version) === undefined) {
      if (versionBytes({ template: job.template, files: job.files }) <= this.keptBytes) this.versions.set(version, true);
      return { id, job };
    }
    const { files: _filesSentBefore, template: _sourceSentBefore, ...lighter } = job;
    return { id, job: lighter, filesKept: true };
  }

  /** The process answered `missingFiles` for this job: its next message carries them. */
  forget(job: RenderJob): void {
    if (job.filesVersion !== undefined) this.versions.delete(job.filesVersion);
  }
}

/** The render process's side: the source and files of the versions it was sent, by bytes. */
export class JobFilesKept {
  private readonly kept: BoundedCache<string, KeptVersion>;

  constructor(maxBytes = DEFAULT_KEPT_JOB_FILES_BYTES) {
    this.kept = new BoundedCache<string, KeptVersion>('service.job-files-kept', 4096, { maxWeight: maxBytes, weigh: versionBytes });
  }

  /** The whole job: as sent (its version kept from now on), or filled in; undefined when its version is no longer kept. */
  complete(job: SentJob, filesKept: boolean): RenderJob | undefined {
    if (filesKept) {
      const kept = job.filesVersion === undefined ? undefined : this.kept.get(job.filesVersion);
      return kept === undefined ? undefined : { ...job, template: kept.template, files: kept.files };
    }
    if (job.template === undefined) return undefined;
    const whole = { ...job, template: job.template };
    // not kept when heavier than the bound alone
    if (whole.filesVersion !== undefined && whole.files !== undefined) this.kept.set(whole.filesVersion, { template: whole.template, files: whole.files });
    return whole;
  }
}
