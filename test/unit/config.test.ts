// tests → configuration → the local-only private-URL switch is refused in every deployed stage.
import * as config from '#shared/config';
import { envNames } from '#shared/config';

describe('config.webhookAllowPrivateUrls()', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is allowed in the local runtime', () => {
    // Prepare
    Object.assign(process.env, { [envNames.stage]: 'local', [envNames.webhookAllowPrivateUrls]: 'true' });

    // Act / Assess
    expect(config.webhookAllowPrivateUrls()).toBe(true);
  });

  it.each(['dev', 'staging', 'production'])('throws a clear error in the deployed stage %s', (stage) => {
    // Prepare
    Object.assign(process.env, { [envNames.stage]: stage, [envNames.webhookAllowPrivateUrls]: 'true' });

    // Act / Assess
    expect(() => config.webhookAllowPrivateUrls()).toThrow(`refused in the deployed stage "${stage}"`);
  });

  it('is off in a deployed stage that does not set it', () => {
    // Prepare
    process.env[envNames.stage] = 'production';
    delete process.env[envNames.webhookAllowPrivateUrls];

    // Act / Assess
    expect(config.webhookAllowPrivateUrls()).toBe(false);
  });
});
