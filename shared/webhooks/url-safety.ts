// webhooks → url safety: keeps partner-supplied URLs from reaching our own network (SSRF), at registration and at connect time.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Error code of a connection refused because the host resolved to a private address. */
export const unsafeAddressCode = 'EUNSAFEADDRESS';

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, includes the instance metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking, sometimes used inside networks
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback ::1 and deprecated IPv4-compatible addresses
  ['fc00::', 7], // unique local, includes fd00:ec2::254 (instance metadata over IPv6)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for addresses that must not receive webhooks: loopback, private, link-local, CGNAT, multicast and
 * reserved ranges. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address (BlockList does this).
 * Fails closed: anything that is not an IP address counts as private.
 */
export const isPrivateAddress = (ip: string): boolean => {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets of URL hosts, IPv6 zone ids
  const version = isIP(address);
  if (version === 0) return true;
  if (version === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded !== undefined && privateRanges.check(embedded, 'ipv4')) return true;
  }
  return privateRanges.check(address, version === 4 ? 'ipv4' : 'ipv6');
};

/** Expands an IPv6 address to its eight 16-bit groups. */
const ipv6Groups = (address: string): number[] => {
  const withoutV4 = address.includes('.')
    ? address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
        `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`)
    : address;
  const [head = '', tail] = withoutV4.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((group) => Number.parseInt(group, 16));
};

const v4 = (high: number, low: number): string => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address leads to, which is what gets reached. */
const embeddedIpv4 = (address: string): string | undefined => {
  const g = ipv6Groups(address);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x2002) return v4(g[1] ?? 0, g[2] ?? 0);
  return undefined;
};

// Names that resolve to the machine itself or to an internal network; public endpoints have a dotted name.
const isLocalHostname = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || !hostname.includes('.');

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether a webhook URL may be used. Public endpoints need https, no credentials in the URL and a public
 * host. `allowPrivate` (local mode only) also accepts http and local hosts such as http://127.0.0.1:4000.
 * Hostnames are only resolved at connect time, by safeLookup.
 */
export const checkWebhookUrl = (url: string, { allowPrivate }: { allowPrivate: boolean }): UrlCheck => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a valid absolute URL' };
  }
  const allowedProtocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(parsed.protocol)) {
    return { ok: false, reason: `protocol ${parsed.protocol} is not allowed; use https` };
  }
  // Credentials in a URL end up in logs and delivery records; the partner's auth header is configured separately.
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'credentials in the URL are not allowed' };
  }
  if (allowPrivate) return { ok: true, url: parsed };
  // The URL parser already normalised IPv4 spellings such as 0x7f.1 or 2130706433 to dotted form.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (isIP(host) !== 0) {
    return isPrivateAddress(host) ? { ok: false, reason: `address ${host} is private or reserved` } : { ok: true, url: parsed };
  }
  if (isLocalHostname(host)) return { ok: false, reason: `host ${host} is not a public hostname` };
  return { ok: true, url: parsed };
};

const unsafeAddressError = (hostname: string, address: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`Refusing to connect to ${hostname}: it resolves to private address ${address}`), {
    code: unsafeAddressCode,
  });

/** Every address of a host, as the system resolver answers (tests put a fake DNS here). */
export type Resolver = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolver = (hostname, options, callback) => dnsLookup(hostname, { ...options, all: true }, callback);

/**
 * A `lookup` for http(s).request that resolves every address of the host and refuses the connection when
 * any is private. Checking at connect time means DNS rebinding (public at registration, private later)
 * cannot get around checkWebhookUrl. IP literals skip lookup; checkWebhookUrl covers those.
 */
export const safeLookup =
  (allowPrivate: boolean, resolve: Resolver = resolveAll): LookupFunction =>
  (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, '');
      const unsafe = allowPrivate ? undefined : addresses.find(({ address }) => isPrivateAddress(address));
      if (unsafe) return callback(unsafeAddressError(hostname, unsafe.address), '');
      const [first] = addresses;
      if (first === undefined) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), otherwise for one.
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
