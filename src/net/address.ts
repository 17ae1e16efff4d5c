/**
 * Which addresses no public server lives at — the one classification of the SSRF guards (webhooks
 * and remote resources): loopback, private (RFC 1918), link-local, CGNAT (RFC 6598), multicast,
 * documentation and benchmark ranges, reserved, and in IPv6 the unspecified and loopback
 * addresses, unique local (fc00::/7), link-local, multicast, IPv4-mapped (::ffff:0:0/96) and NAT64
 * (64:ff9b::/96) — a mapped or translated address could name any IPv4 host, so it is refused whole.
 * A name is resolved once (`resolveHost`): the caller connects to the address it checked, so a DNS
 * answer changed in between (rebinding) cannot lead it elsewhere.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';

const BLOCKED_V4_SUBNETS = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const;
const BLOCKED_V6_SUBNETS = [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const;

/**
 * Two lists, made on first use (a BlockList is a native handle, which the CLI's startup snapshot
 * cannot hold): Node's BlockList matches an IPv4 address against an IPv4-mapped IPv6 subnet, so
 * one list holding ::ffff:0:0/96 would block every IPv4 address.
 */
let blocked: { readonly v4: BlockList; readonly v6: BlockList } | undefined;

function blockLists(): { readonly v4: BlockList; readonly v6: BlockList } {
  if (blocked !== undefined) return blocked;
  const v4 = new BlockList();
  const v6 = new BlockList();
  for (const [network, prefix] of BLOCKED_V4_SUBNETS) v4.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of BLOCKED_V6_SUBNETS) v6.addSubnet(network, prefix, 'ipv6');
  blocked = { v4, v6 };
  return blocked;
}

/** True for an address no public server has (and for anything that is not an IP address). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? blockLists().v4.check(address, 'ipv4') : blockLists().v6.check(address, 'ipv6');
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Every address of a URL's host (an IP literal is its own answer; brackets of an IPv6 literal are
 * dropped). Rejects as `dns.lookup` does when the name does not resolve.
 */
export async function resolveHost(url: URL): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  if (literal !== 0) return [{ address: host, family: literal === 6 ? 6 : 4 }];
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
}

/**
 * A `lookup` for Node's http/https `request` that answers the checked addresses whatever the name:
 * the connection goes where the guard looked, and TLS still verifies the certificate against the
 * URL's host name. Given several, Node tries them in turn (`autoSelectFamily`, Happy Eyeballs),
 * so a host whose first address is unreachable (IPv6 on a machine without it) still answers.
 */
export function pinnedLookup(checked: ResolvedAddress | readonly ResolvedAddress[]): LookupFunction {
  const addresses = Array.isArray(checked) ? checked as readonly ResolvedAddress[] : [checked as ResolvedAddress];
  const first = addresses[0]!;
  return (_hostname, options, callback) => {
    if (options.all === true) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}
