// security adapters: the KMS cipher's requests (aws-sdk-client-mock) and the in-memory cache in front of it.
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { cachedCipher } from '#shared/security/cached-cipher';
import { kmsSecretCipher } from '#shared/security/kms-secret-cipher';
import type { SecretCipher } from '#shared/usecases/ports/partners';

const context = { partner_id: 'ptn_1', purpose: 'api_secret' };

describe('kmsSecretCipher', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('encrypts with the key and the partner as encryption context, prefixing the format', async () => {
    // Prepare
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('blob') });
    const cipher = kmsSecretCipher(new KMSClient({ region: 'eu-west-1' }), 'arn:aws:kms:eu-west-1:1:key/k');

    // Act
    const ciphertext = await cipher.encrypt('sk_secret', context);

    // Assess
    expect(ciphertext).toBe(`kms:v1:${Buffer.from('blob').toString('base64')}`);
    const input = kms.commandCalls(EncryptCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ KeyId: 'arn:aws:kms:eu-west-1:1:key/k', EncryptionContext: context });
    expect(Buffer.from(input.Plaintext as Uint8Array).toString('utf8')).toBe('sk_secret');
  });

  it('decrypts the blob after the prefix with the same encryption context', async () => {
    // Prepare
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('sk_secret') });
    const cipher = kmsSecretCipher(new KMSClient({ region: 'eu-west-1' }), 'key');

    // Act
    const plaintext = await cipher.decrypt(`kms:v1:${Buffer.from('blob').toString('base64')}`, context);

    // Assess
    expect(plaintext).toBe('sk_secret');
    const input = kms.commandCalls(DecryptCommand)[0]!.args[0].input;
    expect(Buffer.from(input.CiphertextBlob as Uint8Array).toString('utf8')).toBe('blob');
    expect(input.EncryptionContext).toEqual(context);
  });

  it('passes a refusal from KMS (wrong context) to the caller', async () => {
    // Prepare
    kms.on(DecryptCommand).rejects(Object.assign(new Error('denied'), { name: 'InvalidCiphertextException' }));
    const cipher = kmsSecretCipher(new KMSClient({ region: 'eu-west-1' }), 'key');

    // Act / Assess
    await expect(cipher.decrypt('kms:v1:AAAA', { partner_id: 'other' })).rejects.toThrow('denied');
  });
});

describe('cachedCipher', () => {
  /** An inner cipher that counts its decrypt calls. */
  const counting = () => {
    const calls: string[] = [];
    const inner: SecretCipher = {
      encrypt: async (plaintext) => `enc:${plaintext}`,
      decrypt: async (ciphertext, ctx) => {
        calls.push(`${ctx.partner_id}:${ciphertext}`);
        return ciphertext.replace(/^enc:/, '');
      },
    };
    return { inner, calls };
  };

  it('decrypts once per ciphertext and context within the time to live', async () => {
    // Prepare
    const { inner, calls } = counting();
    const cipher = cachedCipher(inner, 1000, () => 0);

    // Act
    const results = [await cipher.decrypt('enc:a', context), await cipher.decrypt('enc:a', context)];

    // Assess
    expect(results).toEqual(['a', 'a']);
    expect(calls).toEqual(['ptn_1:enc:a']);
  });

  it('asks the inner cipher again after the time to live', async () => {
    // Prepare
    let now = 0;
    const { inner, calls } = counting();
    const cipher = cachedCipher(inner, 1000, () => now);
    await cipher.decrypt('enc:a', context);

    // Act
    now = 1000;
    await cipher.decrypt('enc:a', context);

    // Assess
    expect(calls).toHaveLength(2);
  });

  it('never serves one partner a value cached for another context', async () => {
    // Prepare
    const { inner, calls } = counting();
    const cipher = cachedCipher(inner, 1000, () => 0);
    await cipher.decrypt('enc:a', context);

    // Act
    await cipher.decrypt('enc:a', { ...context, partner_id: 'ptn_2' });

    // Assess
    expect(calls).toEqual(['ptn_1:enc:a', 'ptn_2:enc:a']);
  });
});
