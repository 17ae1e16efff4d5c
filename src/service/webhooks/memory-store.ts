/** The webhook store of one machine (fs and memory storage): in this process, like its jobs. */
import type { DeliveryAttempt, DeliveryState, WebhookDelivery, WebhookEndpoint, WebhookStore } from '../records/webhooks.js';

export function createMemoryWebhookStore(): WebhookStore {
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries = new Map<string, WebhookDelivery>();
  return {
    getEndpoint: async (workspaceId) => endpoints.get(workspaceId),
    setEndpointUrl: async (workspaceId, url, newSecret) => {
      const existing = endpoints.get(workspaceId);
      const endpoint = existing === undefined ? { workspaceId, url, secret: newSecret, created: new Date() } : { ...existing, url };
      endpoints.set(workspaceId, endpoint);
      return { endpoint, secretCreated: existing === undefined };
    },
    rotateSecret: async (workspaceId, newSecret) => {
      const endpoint = { url: null, created: new Date(), ...endpoints.get(workspaceId), workspaceId, secret: newSecret };
      endpoints.set(workspaceId, endpoint);
      return endpoint;
    },
    createDelivery: async (input, now) => {
      if (deliveries.has(input.id)) return false;
      deliveries.set(input.id, { ...input, state: 'pending', created: now, attempts: [] });
      return true;
    },
    getDelivery: async (id) => deliveries.get(id),
    recordAttempt: async (id, attempt: DeliveryAttempt, state: DeliveryState) => {
      const delivery = deliveries.get(id);
      if (delivery !== undefined) deliveries.set(id, { ...delivery, state, attempts: [...delivery.attempts, attempt] });
    },
    listDeliveries: async (workspaceId, filter, limit) => [...deliveries.values()]
      .filter((d) => d.workspaceId === workspaceId && (filter.jobId === undefined || d.jobId === filter.jobId)
        && (filter.batchId === undefined || d.batchId === filter.batchId))
      .sort((a, b) => b.created.getTime() - a.created.getTime())
      .slice(0, limit),
    close: async () => undefined,
  };
}
