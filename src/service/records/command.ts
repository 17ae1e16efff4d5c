/**
 * A generate request once validated (commands.ts parses it): what a synchronous generate renders and
 * what an asynchronous job keeps until it runs. The records of this folder are below every other
 * service folder, so jobs, batches, webhooks and their stores can share them without a cycle.
 */
import type { EncryptionOptions } from '../../options.js';

export interface GenerateCommand {
  readonly templateId: string;
  readonly payload: unknown;
  readonly referenceId: string | null;
  readonly encryption: EncryptionOptions | undefined;
}
