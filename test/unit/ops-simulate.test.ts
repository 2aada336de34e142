// The ops CLI's simulate command without a network: flag parsing, exit codes, and the signed request it sends.
import { authenticatePartner } from '#shared/auth/authenticate-partner';
import { runOps } from '#bin/ops/cli';
import type { OpsContext } from '#bin/ops/connection';
import { opsTarget, runSimulate, type SimulateDeps, type SimulateTarget } from '#bin/ops/simulate';
import { parseSimulate } from '#bin/ops/simulate-steps';
import { fakeCipher, makePartnerProfile } from '#test/support/fakes';

const NOW = 1_763_812_800_000;
const partner = { partnerId: 'ptn_demo', apiKey: 'pk_demo', secret: 'sk_demo_secret' };

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const makeTarget = (overrides: Partial<SimulateTarget> = {}): SimulateTarget & { closed: boolean } => {
  const target = {
    apiUrl: 'https://api.example.test/api',
    local: true,
    closed: false,
    defaultPartnerId: async () => partner.partnerId,
    credentials: async (partnerId: string) => {
      if (partnerId !== partner.partnerId) throw new Error(`No partner "${partnerId}".`);
      return { apiKey: partner.apiKey, secret: partner.secret };
    },
    close: () => {
      target.closed = true;
    },
    ...overrides,
  };
  return target;
};

/** A fake HTTP transport: records each request and answers with `status` and `body`. */
const makeDeps = (
  answer: { status: number; body: unknown } = { status: 200, body: { success: true, message: 'ok', data: {} } },
  target = makeTarget(),
) => {
  const sent: SentRequest[] = [];
  const deps: SimulateDeps = {
    connect: async () => target,
    fetch: async (url, init) => {
      sent.push({ url, method: init.method, headers: init.headers, body: JSON.parse(init.body) });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
    now: () => NOW,
  };
  return { deps, sent, target };
};

const simulate = async (argv: string[], deps: SimulateDeps) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSimulate(argv, { out: (t) => out.push(t), err: (t) => err.push(t), defaultDataDir: '/nowhere' }, deps);
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('Ops CLI: simulate flags', () => {
  it('maps each flag to its snake_case body key, numbers as numbers', () => {
    // Act
    const topup = parseSimulate(['topup', '--external-user-id', 'u-1', '--amount', '1299', '--currency', 'EUR', '--iccid', '8901']);
    const usage = parseSimulate(['report-usage', '--package-id', 'pkg-1', '--percent', '50.5']);
    const redeem = parseSimulate(['redeem-promo-code', '--promo-code-id', 'pc-1', '--code', 'ABC', '--external-user-id', 'u-2']);
    const purchase = parseSimulate([
      'purchase',
      '--external-user-id',
      'u-3',
      '--destination',
      'FRA',
      '--amount',
      '499',
      '--currency',
      'EUR',
      '--package-queue-uuid',
      'q-9',
    ]);

    // Assess
    expect(topup).toMatchObject({ step: 'topup', body: { external_user_id: 'u-1', amount: 1299, currency: 'EUR', iccid: '8901' } });
    expect(usage).toMatchObject({ body: { package_id: 'pkg-1', percent: 50.5 } });
    expect(redeem).toMatchObject({ body: { promo_code_id: 'pc-1', code: 'ABC', external_user_id: 'u-2' } });
    expect(purchase).toMatchObject({
      body: { external_user_id: 'u-3', destination: 'FRA', amount: 499, currency: 'EUR', package_queue_uuid: 'q-9' },
    });
  });

  it('reads a negative --ms whether written "--ms -5000" or "--ms=-5000"', () => {
    expect(parseSimulate(['advance-clock', '--ms', '-5000'])).toMatchObject({ body: { ms: -5000 } });
    expect(parseSimulate(['advance-clock', '--ms=-5000'])).toMatchObject({ body: { ms: -5000 } });
  });

  it.each([
    [[], /Name a step/],
    [['bogus-step'], /Unknown step "bogus-step"/],
    [['install-esim', '--iccid', '8901', '--percent', '5'], /Unknown option '--percent'/],
    [['install-esim'], /at least one of --external-user-id, --iccid/],
    [['report-usage', '--package-id', 'pkg-1'], /report-usage needs --percent/],
    [['report-usage', '--package-id', 'pkg-1', '--percent', 'half'], /--percent must be a number/],
    [['purchase', '--external-user-id', 'u', '--destination', 'FRA', '--amount', '12.5', '--currency', 'EUR'], /--amount must be a whole number/],
    [['advance-clock', '--ms', '1.5'], /--ms must be a whole number/],
    [['advance-clock', '--ms', '60000', '--stage', 'dev'], /local runtime's clock only/],
    [['install-esim', '--iccid', '8901', '--stage', 'staging', '--port', '4000'], /--stage and --port exclude each other/],
    [['claim-classic', '--external-user-id', 'u', '--queue-id', 'q', 'extra'], /Unexpected argument 'extra'/],
  ])('exits 2 with the usage text for %j', async (argv, message) => {
    // Prepare
    const { deps, sent } = makeDeps();

    // Act
    const result = await simulate(argv, deps);

    // Assess
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toContain('Usage: npm run ops -- simulate <step>');
    expect(sent).toHaveLength(0);
  });

  it('is reached through the ops CLI, with options before the command too, and an unknown step exits 2', async () => {
    // Prepare
    const io = { out: () => {}, err: (text: string) => errors.push(text), defaultDataDir: '/nowhere' };
    const errors: string[] = [];

    // Act
    const unknownStep = await runOps(['simulate', 'teleport'], io);
    const unknownFlag = await runOps(['--stage', 'dev', 'simulate', 'topup', '--wormhole', 'x'], io);
    const twoTargets = await runOps(['--stage', 'staging', '--port', '4000', 'partner', 'list'], io);

    // Assess
    expect([unknownStep, unknownFlag, twoTargets]).toEqual([2, 2, 2]);
    expect(errors[0]).toMatch(/Unknown step "teleport"/);
    expect(errors[1]).toMatch(/Unknown option '--wormhole'/);
    expect(errors[2]).toMatch(/--stage and --port exclude each other/);
  });
});

describe('Ops CLI: simulate requests', () => {
  it('POSTs the body to /sandbox/<step>, signed so that partner authentication accepts it', async () => {
    // Prepare
    const { deps, sent } = makeDeps({
      status: 200,
      body: { success: true, message: 'Package activated', data: { package_id: 'pkg-1', iccid: '8901' } },
    });

    // Act
    const result = await simulate(['activate-package', '--package-queue-uuid', 'q-1', '--external-user-id', 'u-1', '--json'], deps);

    // Assess
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ package_id: 'pkg-1', iccid: '8901' });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('https://api.example.test/api/sandbox/activate-package');
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({ package_queue_uuid: 'q-1', external_user_id: 'u-1' });
    const authenticated = await authenticatePartner(
      { headers: request!.headers, method: 'POST', path: new URL(request!.url).pathname, queryCandidates: [''] },
      {
        credentials: {
          findByApiKey: async (apiKey) =>
            apiKey === partner.apiKey
              ? { partnerId: partner.partnerId, apiKey, secretCiphertext: `enc:${partner.secret}`, status: 'active' }
              : undefined,
        },
        replayGuard: { claim: async () => true },
        cipher: fakeCipher,
        now: () => NOW,
      },
    );
    expect(authenticated.partnerId).toBe(partner.partnerId);
  });

  it('prints a readable line without --json', async () => {
    // Prepare
    const { deps } = makeDeps({ status: 200, body: { success: true, message: 'ok', data: { iccid: '8901', is_top_up: false } } });

    // Act
    const result = await simulate(['claim-classic', '--external-user-id', 'u-1', '--queue-id', 'q-1'], deps);

    // Assess
    expect(result.out).toBe('claim-classic: iccid=8901 is_top_up=false');
  });

  it('signs as the partner named with --partner, and asks for one when no default exists', async () => {
    // Prepare
    const named = makeDeps(undefined, makeTarget({ defaultPartnerId: async () => undefined }));
    const none = makeDeps(undefined, makeTarget({ defaultPartnerId: async () => undefined }));

    // Act
    const withPartner = await simulate(['install-esim', '--iccid', '8901', '--partner', partner.partnerId], named.deps);
    const withoutPartner = await simulate(['install-esim', '--iccid', '8901'], none.deps);

    // Assess
    expect(withPartner.code).toBe(0);
    expect(named.sent[0]!.headers['x-api-key']).toBe(partner.apiKey);
    expect(withoutPartner.code).toBe(2);
    expect(withoutPartner.err).toMatch(/pass --partner <partner_id>/);
    expect(none.sent).toHaveLength(0);
  });

  it("reports the service's 4xx message and details and exits 1", async () => {
    // Prepare
    const refusal = {
      success: false,
      message: 'The package queue entry was already redeemed.',
      data: {},
      error: { code: 'invalid_transition', details: [{ path: 'package_queue_uuid', message: 'already redeemed' }] },
    };
    const { deps, target } = makeDeps({ status: 409, body: refusal });

    // Act
    const result = await simulate(['activate-package', '--package-queue-uuid', 'q-1'], deps);

    // Assess
    expect(result.code).toBe(1);
    expect(result.err).toContain('The service answered 409 invalid_transition: The package queue entry was already redeemed.');
    expect(result.err).toContain('package_queue_uuid: already redeemed');
    expect(target.closed).toBe(true);
  });

  it('sends advance-clock unsigned to the local control endpoint beside the API', async () => {
    // Prepare
    const { deps, sent } = makeDeps({
      status: 200,
      body: { success: true, message: 'moved', data: { now: '2030-01-01T00:00:00.000Z', offset_ms: 60000 } },
    });

    // Act
    const result = await simulate(['advance-clock', '--ms', '60000', '--json'], deps);

    // Assess
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ now: '2030-01-01T00:00:00.000Z', offset_ms: 60000 });
    expect(sent).toEqual([expect.objectContaining({ url: 'https://api.example.test/__local/clock', body: { ms: 60000 } })]);
    expect(sent[0]!.headers).not.toHaveProperty('x-signature');
  });
});

describe('Ops CLI: simulate target of a deployed stage', () => {
  /** A stage's ops context: stores and cipher as connectStage builds them, with the stack's ApiUrl. */
  const stageContext = (apiUrl?: string) => {
    const profile = makePartnerProfile({ partner_id: partner.partnerId, api_key: partner.apiKey });
    const decrypted: Array<Record<string, string>> = [];
    const ctx = {
      target: 'staging',
      apiUrl,
      partners: {
        getProfile: async (id: string) => (id === profile.partner_id ? profile : undefined),
        findByApiKey: async (apiKey: string) =>
          apiKey === profile.api_key
            ? { partnerId: profile.partner_id, apiKey, secretCiphertext: `enc:${partner.secret}`, status: 'active' }
            : undefined,
        list: async () => [profile],
      },
      cipher: {
        ...fakeCipher,
        decrypt: async (ciphertext: string, context: Record<string, string>) => (decrypted.push(context), fakeCipher.decrypt(ciphertext, context)),
      },
      close: () => {},
    } as unknown as OpsContext;
    return { ctx, decrypted };
  };

  it("decrypts the partner's secret with the stage's cipher under the partner's encryption context", async () => {
    // Prepare
    const { ctx, decrypted } = stageContext('https://abc.execute-api.eu-west-1.amazonaws.com/api/');

    // Act
    const target = opsTarget(ctx);
    const credentials = await target.credentials(partner.partnerId);

    // Assess
    expect(target.apiUrl).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/api');
    expect(credentials).toEqual({ apiKey: partner.apiKey, secret: partner.secret });
    expect(decrypted).toEqual([{ partner_id: partner.partnerId }]);
  });

  it('never picks a partner by itself on a stage, even when there is only one', async () => {
    const target = opsTarget(stageContext('https://abc.example/api/').ctx);

    expect(target.local).toBe(false);
    expect(await target.defaultPartnerId()).toBeUndefined();
  });

  it('says what to do when the stack has no ApiUrl output', () => {
    expect(() => opsTarget(stageContext(undefined).ctx)).toThrow(/deploy the current stack/);
  });
});
