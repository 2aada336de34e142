import { buildActivationCode, parseActivationCode } from '#shared/domain/install/activation-code';

describe('Domain: building an SGP.22 4.1 activation code', () => {
  it('is LPA:1$<FQDN>$<MatchingID>, and ends in $$1 (empty OID, then the flag) when a confirmation code is required', () => {
    expect(buildActivationCode({ smdpAddress: 'smdp.example.com', matchingId: 'AB12-CD34', confirmationCodeRequired: false })).toBe(
      'LPA:1$smdp.example.com$AB12-CD34',
    );
    const flagged = buildActivationCode({ smdpAddress: 'smdp.example.com', matchingId: 'AB12-CD34', confirmationCodeRequired: true });
    expect(flagged).toBe('LPA:1$smdp.example.com$AB12-CD34$$1');
    expect(parseActivationCode(flagged).confirmationCodeRequired).toBe(true);
  });

  it('refuses a MatchingID outside A-Z, 0-9 and "-", a non-host address and a code over 255 characters', () => {
    expect(() => buildActivationCode({ smdpAddress: 'smdp.example.com', matchingId: 'ab$1', confirmationCodeRequired: false })).toThrow('MatchingID');
    expect(() => buildActivationCode({ smdpAddress: 'https://smdp', matchingId: 'AB', confirmationCodeRequired: false })).toThrow('host');
    expect(() => buildActivationCode({ smdpAddress: 'smdp.example.com', matchingId: 'A'.repeat(250), confirmationCodeRequired: false })).toThrow(
      '255',
    );
  });
});
