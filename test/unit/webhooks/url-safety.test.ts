// tests → webhooks → url safety: private addresses, URL checks, and the connect-time lookup.
import type { LookupAddress } from 'node:dns';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkWebhookUrl, isPrivateAddress, isPublicAddress, type Resolver, safeLookup, unsafeAddressCode } from '#shared/webhooks/url-safety';

const lookupWith = (allowPrivate: boolean, hostname: string, all: boolean) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
    safeLookup(allowPrivate)(hostname, { all }, (error, address, family) => resolve({ error, address, family }));
  });

const startCountingServer = async () => {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, received };
};

describe('Webhook URL safety: private addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '[::1]',
  ])('treats %s as private', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81b::200e',
    '::ffff:8.8.8.8',
  ])('treats %s as public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it.each(['example.com', '', '999.1.1.1'])('fails closed on %p, which is not an IP address', (value) => {
    expect(isPrivateAddress(value)).toBe(true);
  });
});

describe('Webhook URL safety: registration check', () => {
  it('accepts a public https URL and returns it parsed', () => {
    // Act
    const result = checkWebhookUrl('https://hooks.partner.example/esim?source=booking', { allowPrivate: false });

    // Assess
    expect(result.ok).toBe(true);
    expect(result.ok && result.url.href).toBe('https://hooks.partner.example/esim?source=booking');
  });

  it.each([
    ['plain http', 'http://hooks.partner.example/esim', /protocol http: is not allowed/],
    ['credentials', 'https://user:pass@hooks.partner.example/esim', /credentials/],
    ['loopback', 'https://127.0.0.1/esim', /private/],
    ['instance metadata', 'https://169.254.169.254/latest/meta-data/', /private/],
    ['a private network', 'https://10.0.0.8:8443/', /private/],
    ['IPv6 loopback', 'https://[::1]/', /private/],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/', /private/],
    ['IMDS over IPv6', 'https://[fd00:ec2::254]/', /private/],
    ['loopback written in hex', 'https://0x7f.1/', /private/],
    ['loopback written as one number', 'https://2130706433/', /private/],
    ['localhost', 'https://localhost/esim', /not a public hostname/],
    ['localhost with a trailing dot', 'https://LOCALHOST./esim', /not a public hostname/],
    ['a .localhost name', 'https://api.localhost/esim', /not a public hostname/],
    ['a single-label intranet name', 'https://intranet/esim', /not a public hostname/],
    ['another protocol', 'ftp://hooks.partner.example/', /protocol ftp: is not allowed/],
    ['a relative URL', '/esim/webhooks', /not a valid absolute URL/],
    ['port 0', 'https://hooks.partner.example:0/esim', /port 0 is not allowed/],
    ['a privileged port of another protocol', 'https://hooks.partner.example:25/esim', /port 25 is not allowed/],
  ])('refuses %s', (_, url, reason) => {
    // Act
    const result = checkWebhookUrl(url, { allowPrivate: false });

    // Assess
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it.each(['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks', 'https://[::1]:4000/'])(
    'accepts the local receiver %s in local mode',
    (url) => {
      expect(checkWebhookUrl(url, { allowPrivate: true }).ok).toBe(true);
    },
  );

  it.each(['https://hooks.partner.example:443/esim', 'https://hooks.partner.example:8443/esim', 'https://hooks.partner.example:65535/'])(
    'accepts %s: the default port written out, or an unprivileged one',
    (url) => {
      expect(checkWebhookUrl(url, { allowPrivate: false }).ok).toBe(true);
    },
  );

  it.each(['http://user:pass@127.0.0.1:4000/', 'file:///etc/passwd', 'http://127.0.0.1:0/'])('still refuses %s in local mode', (url) => {
    expect(checkWebhookUrl(url, { allowPrivate: true }).ok).toBe(false);
  });

  it.each([
    'http://127.0.0.2:4000/hooks',
    'http://[::ffff:127.0.0.1]:4000/',
    'http://receiver.localhost:4000/hooks',
    'http://dev-box:4000/hooks',
    'https://hooks.partner.example/esim',
  ])('accepts %s in local mode: this machine, a name resolved when connecting, or a public host', (url) => {
    expect(checkWebhookUrl(url, { allowPrivate: true }).ok).toBe(true);
  });

  it.each([
    ['instance metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IMDS over IPv6', 'http://[fd00:ec2::254]/'],
    ['a private network', 'http://10.0.0.8:8443/'],
    ['a home network', 'http://192.168.1.1:8080/'],
    ['carrier-grade NAT', 'http://100.64.0.1:8080/'],
    ['IPv6 link-local', 'http://[fe80::1]:4000/'],
    ['metadata IPv4-mapped', 'http://[::ffff:169.254.169.254]/'],
    ['the unspecified address', 'http://0.0.0.0:4000/'],
    ['NAT64 of a private address', 'http://[64:ff9b::a9fe:a9fe]/'],
  ])('refuses %s in local mode: only this machine is local', (_, url) => {
    // Act
    const result = checkWebhookUrl(url, { allowPrivate: true });

    // Assess
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/is private or reserved \(local mode accepts this machine only/);
  });
});

describe('Webhook URL safety: connect-time lookup', () => {
  it.each([true, false])('refuses a host that resolves to a private address (all: %p)', async (all) => {
    // Act
    const { error } = await lookupWith(false, 'localhost', all);

    // Assess
    expect(error?.code).toBe(unsafeAddressCode);
    expect(error?.message).toMatch(/^Refusing to connect to localhost: it resolves to private address/);
  });

  it('answers with one address when net asks for one, in local mode', async () => {
    // Act
    const { error, address, family } = await lookupWith(true, 'localhost', false);

    // Assess
    expect(error).toBeNull();
    expect(isPrivateAddress(address as string)).toBe(true);
    expect([4, 6]).toContain(family);
  });

  it('answers with every address when net asks for all, in local mode', async () => {
    // Act
    const { error, address } = await lookupWith(true, 'localhost', true);

    // Assess
    expect(error).toBeNull();
    expect(Array.isArray(address) && address.map((entry) => entry.address)).toContain('127.0.0.1');
  });

  it.each([
    ['the metadata address', '169.254.169.254'],
    ['a private network', '10.0.0.8'],
    ['IPv6 unique-local', 'fd00:ec2::254'],
  ])('refuses a name that resolves to %s in local mode too', async (_, privateAddress) => {
    // Prepare: a resolver that answers a loopback address and a private one for the name.
    const resolver: Resolver = (_hostname, _options, callback) =>
      callback(null, [
        { address: '127.0.0.1', family: 4 },
        { address: privateAddress, family: privateAddress.includes(':') ? 6 : 4 },
      ]);

    // Act
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      safeLookup(true, resolver)('rebound.example', { all: true }, (failure) => resolve(failure));
    });

    // Assess
    expect(error?.code).toBe(unsafeAddressCode);
    expect(error?.message).toContain(privateAddress);
  });

  it('stops an http request before it reaches a private server', async () => {
    // Prepare
    const { server, port, received } = await startCountingServer();

    // Act
    const error = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      const req = request({ host: 'localhost', port, path: '/hook', lookup: safeLookup(false), agent: false }, () =>
        reject(new Error('the request reached the server')),
      );
      req.on('error', resolve);
      req.end();
    });
    await new Promise((resolve) => server.close(resolve));

    // Assess
    expect(error.code).toBe(unsafeAddressCode);
    expect(received).toEqual([]);
  });

  it('lets the same request through in local mode', async () => {
    // Prepare
    const { server, port, received } = await startCountingServer();

    // Act
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: 'localhost', port, path: '/hook', lookup: safeLookup(true), family: 4, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((resolve) => server.close(resolve));

    // Assess
    expect(status).toBe(200);
    expect(received).toEqual(['/hook']);
  });
});

describe('Webhook URL safety: only public unicast addresses (ipaddr.js ranges)', () => {
  it.each([
    ['IPv4-translated ::ffff:0:a.b.c.d (private inside)', '::ffff:0:10.0.0.1'],
    ['IPv4-translated ::ffff:0:a.b.c.d (public inside)', '::ffff:0:8.8.8.8'],
    ['well-known NAT64 64:ff9b::/96 (private inside)', '64:ff9b::a9fe:a9fe'],
    ['well-known NAT64 64:ff9b::/96 (public inside)', '64:ff9b::808:808'],
    ['local-use NAT64 64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['6to4 2002::/16 (private inside)', '2002:a9fe:a9fe::1'],
    ['6to4 2002::/16 (public inside)', '2002:808:808::1'],
    ['site-local fec0::/10', 'fec0::1'],
    ['discard 100::/64', '100::1'],
    ['IPv6 documentation 2001:db8::/32', '2001:db8::1'],
    ['IPv6 documentation 3fff::/20', '3fff::1'],
    ['IPv6 benchmarking 2001:2::/48', '2001:2::1'],
    ['IPv4-compatible ::a.b.c.d (deprecated)', '::808:808'],
    ['IPv4 documentation TEST-NET-1', '192.0.2.1'],
    ['IPv4 documentation TEST-NET-2', '198.51.100.7'],
    ['IPv4 documentation TEST-NET-3', '203.0.113.9'],
    ['IPv4 benchmarking 198.18.0.0/15', '198.18.0.1'],
    ['IPv4 protocol assignments 192.0.0.0/24', '192.0.0.8'],
    ['IPv4 reserved 240.0.0.0/4', '240.0.0.1'],
  ])('refuses %s: %s', (_range, address) => {
    // Prepare
    const url = `https://${address.includes(':') ? `[${address}]` : address}/hook`;

    // Act
    const publicAddress = isPublicAddress(address);
    const check = checkWebhookUrl(url, { allowPrivate: false });

    // Assess
    expect(publicAddress).toBe(false);
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('is private or reserved') });
  });

  it.each(['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts the public unicast address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(checkWebhookUrl(`https://${address.includes(':') ? `[${address}]` : address}/hook`, { allowPrivate: false }).ok).toBe(true);
  });
});
