// A connectivity provider's secret is read the same way for every adapter: its errors name fields, never values.
import { parseEs2PlusSecret } from '#shared/providers/es2plus/es2plus-secret';
import { parseEsimGoSecret } from '#shared/providers/esimgo/esimgo-secret';

describe('Providers: reading a provider secret', () => {
  it('names the provider and the wrong fields, and never echoes a value', () => {
    // Prepare: a secret whose values must not reach a log
    const leaked = 'sk-live-do-not-log-4f2a';
    const secrets = [
      { parse: parseEs2PlusSecret, provider: 'ES2+', json: JSON.stringify({ endpoint: leaked, privateKey: 42 }) },
      { parse: parseEsimGoSecret, provider: 'eSIM Go', json: JSON.stringify({ endpoint: leaked, apiKey: 42 }) },
    ];

    for (const { parse, provider, json } of secrets) {
      // Act
      const read = () => parse(json);

      // Assess
      expect(read).toThrow(new RegExp(`^The ${provider.replace('+', '\\+')} provider secret is invalid at: .*endpoint`));
      expect(read).toThrow(expect.not.objectContaining({ message: expect.stringContaining(leaked) }));
      expect(() => parse(`{"apiKey": "${leaked}"`)).toThrow(`The ${provider} provider secret is not JSON`);
    }
  });
});
