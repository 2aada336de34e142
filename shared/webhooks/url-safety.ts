// webhooks → url safety: keeps partner-supplied URLs from reaching our own network (SSRF), at registration and at connect time.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Error code of a connection refused because the host resolved to a private address. */
export const unsafeAddressCode = 'EUNSAFEADDRESS';

/** True for IPv6 addresses in ::/96: unspecified, loopback and the deprecated IPv4-compatible form (RFC 4291). */
const isInZeroPrefix = (address: ipaddr.IPv4 | ipaddr.IPv6): boolean =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);

/**
 * True only for public unicast addresses, as ipaddr.js classifies them (`range() === 'unicast'`). Everything
 * else is refused: private, loopback, link-local, CGNAT, multicast, documentation and benchmarking ranges,
 * IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and 64:ff9b:1::/48), Teredo, 6to4, site-local,
 * discard and reserved ranges. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address.
 * Fails closed: anything that is not an IP address is not public.
 */
export const isPublicAddress = (ip: string): boolean => {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets of URL hosts, IPv6 zone ids
  if (isIP(text) === 0) return false;
  const parsed = ipaddr.parse(text);
  if (isInZeroPrefix(parsed) && !(parsed as ipaddr.IPv6).isIPv4MappedAddress()) return false;
  return ipaddr.process(text).range() === 'unicast';
};

/** The opposite of isPublicAddress, for readability at call sites that refuse. */
export const isPrivateAddress = (ip: string): boolean => !isPublicAddress(ip);

/** True for the machine itself: 127.0.0.0/8 and ::1 (IPv4-mapped ::ffff:127.x included). Fails closed like isPublicAddress. */
export const isLoopbackAddress = (ip: string): boolean => {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(text) === 0) return false;
  return ipaddr.process(text).range() === 'loopback';
};

/**
 * Where a delivery may connect: a public address, and in local mode also the machine itself (a receiver the developer
 * runs on 127.0.0.1). Local mode still refuses every other special-purpose range: the metadata address, link-local,
 * private networks, CGNAT and the rest are never a developer's receiver, and reaching them is what SSRF is after.
 */
export const isReachableAddress = (ip: string, allowLocal: boolean): boolean => isPublicAddress(ip) || (allowLocal && isLoopbackAddress(ip));

// Names that resolve to the machine itself or to an internal network; public endpoints have a dotted name.
const isLocalHostname = (hostname: string): boolean => hostname === 'localhost' || hostname.endsWith('.localhost') || !hostname.includes('.');

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The lowest port a webhook URL may name other than its scheme's default (443; 80 for local http). */
export const MIN_EXPLICIT_PORT = 1024;

/**
 * Whether a webhook URL may be used. Public endpoints need https, no credentials in the URL and a public
 * host. `allowPrivate` (local mode only) also accepts http and the machine's own receivers (127.0.0.0/8, ::1,
 * localhost), never another private or reserved range. Hostnames are only resolved at connect time, by safeLookup.
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
  // The scheme's own port (written or not: the parser drops it), or a port a web server may listen on unprivileged.
  // Port 0 reaches nothing, and the ports below 1024 are other protocols' (SSH, SMTP, …): decision F158.
  if (parsed.port !== '' && Number(parsed.port) < MIN_EXPLICIT_PORT) {
    return { ok: false, reason: `port ${parsed.port} is not allowed; use the default port or one from ${MIN_EXPLICIT_PORT} to 65535` };
  }
  // The URL parser already normalised IPv4 spellings such as 0x7f.1 or 2130706433 to dotted form.
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) {
    if (isReachableAddress(host, allowPrivate)) return { ok: true, url: parsed };
    const hint = allowPrivate ? ' (local mode accepts this machine only, such as http://127.0.0.1:4000)' : '';
    return { ok: false, reason: `address ${host} is private or reserved${hint}` };
  }
  // Local mode: a name is judged by what it resolves to when connecting (safeLookup), localhost included.
  if (!allowPrivate && isLocalHostname(host)) return { ok: false, reason: `host ${host} is not a public hostname` };
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
 * any is private (in local mode: any is neither public nor this machine's loopback). Checking at connect time means
 * DNS rebinding (public at registration, private later) cannot get around checkWebhookUrl. IP literals skip lookup;
 * checkWebhookUrl covers those.
 */
export const safeLookup =
  (allowPrivate: boolean, resolve: Resolver = resolveAll): LookupFunction =>
  (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, '');
      const unsafe = addresses.find(({ address }) => !isReachableAddress(address, allowPrivate));
      if (unsafe) return callback(unsafeAddressError(hostname, unsafe.address), '');
      const [first] = addresses;
      if (first === undefined) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), otherwise for one.
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
