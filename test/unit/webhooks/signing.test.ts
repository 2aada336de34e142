// tests → webhooks → signing: what we send and what a partner's receiver accepts.
import { createHmac } from 'node:crypto';
import { signatureHeaderValue, testSignatureHeaders, verifyWebhookSignature, WebhookSignatureError, webhookHeaders } from '#shared/webhooks/signing';

const signedAt = 1_767_225_600; // 2026-01-01T00:00:00Z

const makeBody = (overrides: Record<string, unknown> = {}): string =>
  JSON.stringify({
    event: 'esim.installed',
    event_id: 'esim.installed:bk_123',
    ...overrides,
  });

const makeDelivery = (overrides: { body?: string; secret?: string; timestamp?: number } = {}) => {
  const body = overrides.body ?? makeBody();
  const timestamp = overrides.timestamp ?? signedAt;
  const headers = testSignatureHeaders({ body, secret: overrides.secret ?? 'whsec_test_secret', timestamp });
  return {
    body,
    signatureHeader: headers[webhookHeaders.signature],
    timestampHeader: headers[webhookHeaders.timestamp],
    secret: 'whsec_test_secret',
    now: signedAt,
  };
};

const problemOf = (verify: () => void): string | undefined => {
  try {
    verify();
    return undefined;
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.problem;
    throw error;
  }
};

describe('Webhook signing', () => {
  it('signs HMAC-SHA256 over "{timestamp}.{body}" as lowercase hex', () => {
    // Prepare
    const body = makeBody();
    const independent = createHmac('sha256', 'whsec_test_secret').update(`${signedAt}.${body}`).digest('hex');

    // Act
    const header = signatureHeaderValue({ secrets: ['whsec_test_secret'], timestamp: signedAt, body });

    // Assess: the pinned value was computed with `openssl dgst -sha256 -hmac`.
    expect(header).toBe(`sha256=${independent}`);
    expect(header).toBe('sha256=203218e1570d7ea6943abaf7775b3bfa3c24d3b05e0ad683e1460bfa65feb9db');
  });

  it('lists one signature per secret, in order, during a rotation overlap', () => {
    // Prepare
    const body = makeBody();

    // Act
    const header = signatureHeaderValue({ secrets: ['old_secret', 'new_secret'], timestamp: signedAt, body });

    // Assess
    const [first, second, ...rest] = header.split(',');
    expect(rest).toHaveLength(0);
    expect(first).toBe(`sha256=${createHmac('sha256', 'old_secret').update(`${signedAt}.${body}`).digest('hex')}`);
    expect(second).toBe(`sha256=${createHmac('sha256', 'new_secret').update(`${signedAt}.${body}`).digest('hex')}`);
  });

  it('refuses to sign without a secret', () => {
    // Act & Assess
    expect(() => signatureHeaderValue({ secrets: [], timestamp: signedAt, body: makeBody() })).toThrow('at least one secret');
  });

  it('produces test headers that carry the signing time in epoch seconds', () => {
    // Act
    const headers = testSignatureHeaders({ body: makeBody(), secret: 's', timestamp: signedAt });

    // Assess
    expect(headers[webhookHeaders.timestamp]).toBe(String(signedAt));
    expect(headers[webhookHeaders.signature]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('defaults the test headers to the current time, which verification accepts', () => {
    // Prepare
    const body = makeBody();
    const headers = testSignatureHeaders({ body, secret: 's' });

    // Act & Assess
    expect(Math.abs(Number(headers[webhookHeaders.timestamp]) - Date.now() / 1000)).toBeLessThan(5);
    expect(() =>
      verifyWebhookSignature({
        body,
        signatureHeader: headers[webhookHeaders.signature],
        timestampHeader: headers[webhookHeaders.timestamp],
        secret: 's',
      }),
    ).not.toThrow();
  });
});

describe('Webhook signature verification', () => {
  it('accepts a genuine delivery', () => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature(delivery))).toBeUndefined();
  });

  it('accepts the raw body as bytes as well as text', () => {
    // Prepare
    const delivery = makeDelivery({ body: makeBody({ data: { city: 'Zürich' } }) });

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, body: Buffer.from(delivery.body) }))).toBeUndefined();
  });

  it.each([
    ['the old secret', 'old_secret'],
    ['the new secret', 'new_secret'],
  ])('accepts a rotation header when the receiver holds %s', (_, receiverSecret) => {
    // Prepare
    const body = makeBody();
    const signatureHeader = signatureHeaderValue({ secrets: ['old_secret', 'new_secret'], timestamp: signedAt, body });

    // Act & Assess
    expect(
      problemOf(() => verifyWebhookSignature({ body, signatureHeader, timestampHeader: String(signedAt), secret: receiverSecret, now: signedAt })),
    ).toBeUndefined();
  });

  it('accepts when any listed value matches, skipping malformed and unknown ones', () => {
    // Prepare
    const delivery = makeDelivery();
    const signatureHeader = `sha256=deadbeef, v0=abc,${delivery.signatureHeader}`;

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, signatureHeader }))).toBeUndefined();
  });

  it('rejects a signature made with another secret', () => {
    // Prepare
    const delivery = makeDelivery({ secret: 'staging_secret' });

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature(delivery))).toBe('no_match');
  });

  it('rejects a tampered body', () => {
    // Prepare
    const delivery = makeDelivery();
    const tampered = delivery.body.replace('bk_123', 'bk_999');

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, body: tampered }))).toBe('no_match');
  });

  it('rejects re-serialized JSON and says to pass the raw body', () => {
    // Prepare
    const delivery = makeDelivery({ body: '{"event": "esim.installed", "event_id": "esim.installed:bk_123"}' });
    const reserialized = JSON.stringify(JSON.parse(delivery.body));

    // Act & Assess
    expect(reserialized).not.toBe(delivery.body);
    expect(() => verifyWebhookSignature({ ...delivery, body: reserialized })).toThrow(
      /No signature matches: are you passing the raw request body, not re-serialized JSON\?/,
    );
  });

  it('rejects a signature that was signed for another timestamp', () => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, timestampHeader: String(signedAt + 1), now: signedAt + 1 }))).toBe('no_match');
  });

  it('rejects a truncated signature without a length error', () => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, signatureHeader: delivery.signatureHeader?.slice(0, 20) }))).toBe('no_match');
  });

  it.each([
    ['at the edge, in the past', signedAt + 300, undefined],
    ['at the edge, in the future', signedAt - 300, undefined],
    ['too old', signedAt + 301, 'outside_tolerance'],
    ['too far in the future', signedAt - 301, 'outside_tolerance'],
  ])('applies the 300 s tolerance when the delivery is %s', (_, now, expected) => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, now }))).toBe(expected);
  });

  it('honours a custom tolerance and explains the rejection', () => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(() => verifyWebhookSignature({ ...delivery, now: signedAt + 61, toleranceSeconds: 60 })).toThrow(
      /^Timestamp outside the tolerance window/,
    );
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, now: signedAt + 60, toleranceSeconds: 60 }))).toBeUndefined();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1])('refuses a toleranceSeconds of %p, which would turn the age check off', (toleranceSeconds) => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess: a year-old delivery is not let through; the receiver's mistake is said before any delivery is judged.
    expect(() => verifyWebhookSignature({ ...delivery, now: signedAt + 31_536_000, toleranceSeconds })).toThrow(
      /^toleranceSeconds must be a finite number of seconds, 0 or more/,
    );
    expect(() => verifyWebhookSignature({ ...delivery, now: Number.NaN })).toThrow(RangeError);
  });

  it('signs over the timestamp text as received: the same number spelled otherwise does not match', () => {
    // Prepare
    const delivery = makeDelivery();
    const hmac = (timestampText: string) =>
      `sha256=${createHmac('sha256', delivery.secret).update(`${timestampText}.`).update(delivery.body).digest('hex')}`;

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, timestampHeader: ` ${signedAt} ` }))).toBeUndefined();
    expect(
      problemOf(() => verifyWebhookSignature({ ...delivery, timestampHeader: `0${signedAt}`, signatureHeader: hmac(`0${signedAt}`) })),
    ).toBeUndefined();
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, timestampHeader: `0${signedAt}` }))).toBe('no_match');
  });

  it.each([undefined, '', '   '])('rejects a missing signature header (%p)', (signatureHeader) => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(() => verifyWebhookSignature({ ...delivery, signatureHeader })).toThrow(/^No x-service-signature header/);
  });

  it.each([undefined, '', 'yesterday', '1767225600000.5'])('rejects a missing or unreadable timestamp (%p)', (timestampHeader) => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(problemOf(() => verifyWebhookSignature({ ...delivery, timestampHeader }))).toBe('missing_timestamp');
  });

  it('raises a WebhookSignatureError that receivers can catch by class', () => {
    // Prepare
    const delivery = makeDelivery();

    // Act & Assess
    expect(() => verifyWebhookSignature({ ...delivery, body: '{}' })).toThrow(WebhookSignatureError);
  });
});
