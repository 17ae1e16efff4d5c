/**
 * Where a webhook may go: the URL's host is resolved once and every address checked against the
 * ranges no public receiver lives in (loopback, private, link-local, CGNAT, multicast, unique
 * local, IPv4-mapped and NAT64 IPv6, reserved); the request then connects to that checked
 * address, so a DNS answer changed in between (rebinding) cannot redirect it. The ranges are
 * src/net/address.ts's, shared with remote resources. An origin the
 * operator allows (`--allow-webhook http://127.0.0.1:4000`) skips the range check.
 */
import { isBlockedAddress, resolveHost } from '../../net/address.js';
import type { ResolvedAddress } from '../../net/address.js';
import { ServiceError } from '../api/errors.js';

export interface WebhookTarget {
  readonly url: URL;
  /** The checked address the request connects to. */
  readonly address: string;
  readonly family: 4 | 6;
}

function refused(message: string): ServiceError {
  return new ServiceError('validation_error', message);
}

/** Checks the URL's form and resolves it once; throws `validation_error` for a refused target. */
export async function resolveWebhookTarget(raw: string, allowedOrigins: ReadonlySet<string>): Promise<WebhookTarget> {
  if (!URL.canParse(raw)) throw refused('the webhook URL is not a URL');
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('the webhook URL must be http or https');
  if (url.username !== '' || url.password !== '') throw refused('the webhook URL must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveHost(url);
  } catch {
    throw refused(`the webhook host '${host}' does not resolve`);
  }
  const allowed = allowedOrigins.has(url.origin);
  if (!allowed && (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)))) {
    throw refused(`the webhook host '${host}' is a private, loopback or reserved address (the operator may allow its origin)`);
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family };
}
