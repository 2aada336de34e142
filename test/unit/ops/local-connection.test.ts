// tests → ops → the ops CLI's connection to a local service through its runtime file: it takes the service's own
// endpoint health periods, so `partner show` tells the disable_at that service's dispatcher will act on.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeFileIn } from '#bin/local/instances';
import { connectLocal } from '#bin/ops/connection';
import { disableAtOf, healthThresholds } from '#shared/webhooks/endpoint-health';
import { defaultWebhookSettings } from '#shared/domain/partner';

/** A local root holding one running in-memory service's files (this process stands in for the service). */
const makeLocalRoot = (runtime: Record<string, unknown>) => {
  const localRoot = mkdtempSync(join(tmpdir(), 'ops-connection-'));
  const dataDir = join(localRoot, 'in-memory', '4999');
  mkdirSync(dataDir, { recursive: true });
  const secretKeyFile = join(dataDir, 'in-memory.key');
  writeFileSync(secretKeyFile, randomBytes(32).toString('base64'));
  writeFileSync(
    runtimeFileIn(dataDir),
    JSON.stringify({
      url: 'http://127.0.0.1:4999/api',
      dynamodbEndpoint: 'http://127.0.0.1:1',
      tableName: 'esim-booking-local',
      secretKeyFile,
      pid: process.pid,
      ...runtime,
    }),
  );
  return localRoot;
};

describe('Function: connectLocal', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("takes the endpoint health periods of the service's dispatcher from its runtime file", () => {
    // Prepare: a service started with WEBHOOK_DISABLE_AFTER_HOURS=0.005 (18 seconds)
    const localRoot = makeLocalRoot({ webhookHealthHours: { warnAfterHours: 0.002, disableAfterHours: 0.005 } });
    roots.push(localRoot);
    const failingSince = '2026-11-20T10:00:00.000Z';

    // Act
    const ctx = connectLocal(localRoot);
    const disableAt = disableAtOf({ ...defaultWebhookSettings(), failing_since: failingSince }, healthThresholds(ctx.webhookHealthHours));
    ctx.close();

    // Assess
    expect(ctx.webhookHealthHours).toEqual({ warnAfterHours: 0.002, disableAfterHours: 0.005 });
    expect(disableAt).toBe('2026-11-20T10:00:18.000Z');
  });

  it('falls back to the default periods for a service whose runtime file names none', () => {
    // Prepare
    const localRoot = makeLocalRoot({});
    roots.push(localRoot);

    // Act
    const ctx = connectLocal(localRoot);
    ctx.close();

    // Assess
    expect(healthThresholds(ctx.webhookHealthHours)).toEqual(healthThresholds({}));
  });
});
