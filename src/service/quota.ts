/**
 * Quota accounting (docs/design.md §1.4). A generation is refused before it renders when the
 * workspace has no quota left (no CPU spent on what cannot be paid for); after the render, the
 * unit is taken and the document stored as one step (Storage.chargeAndPutDocument), so the
 * quota never goes below zero however many requests race, a failed render is never charged,
 * and a process killed mid-render leaves nothing half-counted. Under a race past the last unit,
 * the losers have rendered for nothing and answer 429.
 */
import { ServiceError } from './api/errors.js';
import type { DocumentRecord, Storage, Workspace } from './storage/types.js';

const noQuota = () => new ServiceError('quota_exceeded', 'the workspace has no quota left');

/**
 * Refuses early when the workspace, as read to authenticate this request, has no quota left
 * (reading it again would cost a storage round trip for the same answer; the unit itself is
 * taken atomically by `storeCharged`).
 */
export function requireQuota(workspace: Workspace): void {
  if (workspace.remainingQuota <= 0) throw noQuota();
}

/** Takes the unit and stores the document together, or answers 429. */
export async function storeCharged(storage: Storage, record: DocumentRecord, pdf: Uint8Array): Promise<void> {
  if (!(await storage.chargeAndPutDocument(record, pdf))) throw noQuota();
}
