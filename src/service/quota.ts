/**
 * Quota accounting (DESIGN.md §1.4): a generation reserves one unit atomically before it
 * renders and gives it back if anything after the reservation fails. So the quota is never
 * over-consumed however many requests race (the storage's decrement is atomic and never goes
 * below zero), a request that cannot be paid for is refused before it costs CPU, and a failed
 * render is never charged. A process that dies between reserve and refund loses one unit: the
 * safe direction.
 */
import { ServiceError } from './errors.js';
import type { Storage } from './storage/types.js';

export async function withQuota<T>(storage: Storage, workspaceId: string, work: () => Promise<T>): Promise<T> {
  const remaining = await storage.consumeQuota(workspaceId);
  if (remaining === undefined) throw new ServiceError('quota_exceeded', 'the workspace has no quota left');
  try {
    return await work();
  } catch (error) {
    await storage.refundQuota(workspaceId);
    throw error;
  }
}
