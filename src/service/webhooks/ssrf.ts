/**
 * Where a webhook may go: the URL's host is resolved once and every address checked against the
 * ranges no public receiver lives in (loopback, private, link-local, CGNAT, multicast, unique
 * local, IPv4-mapped and NAT64 IPv6, reserved); the request then connects to that checked
 * address, so a DNS answer changed in between (rebinding) cannot redirect it. An origin the
 * operator allows (`--allow-webhook http://127.0.0.1:4000`) skips the range check.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ServiceError } from '../api/errors.js';

// two lists: Node's BlockList matches an IPv4 address against an IPv4-mapped IPv6 subnet, so
// one list holding ::ffff:0:0/96 would block every IPv4 address
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) BLOCKED_V6.addSubnet(network, prefix, 'ipv6');

export interface WebhookTarget {
  readonly url: URL;
  /** The checked address the request connects to. */
  readonly address: string;
  readonly family: 4 | 6;
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6');
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
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw refused(`the webhook host '${host}' does not resolve`);
  }
  const allowed = allowedOrigins.has(url.origin);
  if (!allowed && (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)))) {
    throw refused(`the webhook host '${host}' is a private, loopback or reserved address (the operator may allow its origin)`);
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
