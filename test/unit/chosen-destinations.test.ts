// tests → what travelers choose and reporters state: destinations read as ISO3 codes (decision 15), dates, ids.
import { ClassicDestinationSchema, FactSchema, RedeemPackageSchema, sandboxSchemas } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { ValidationError } from '#shared/errors';

const purchaseFact = (destination: string) => ({
  type: 'payment.purchase',
  event_id: 'evt-1',
  occurred_at: '2026-11-27T09:00:00Z',
  partner_id: 'ptn_1',
  external_user_id: 'traveler-1',
  payment_id: 'pay-1',
  amount: 450,
  currency: 'EUR',
  destination,
});

describe('destinations a traveler chooses or pays for', () => {
  const chosen = (destination: string) => ({
    redeemed: validate(RedeemPackageSchema, { external_user_id: 'u', package_queue_id: 'q', destination }).destination,
    classic: validate(ClassicDestinationSchema, { external_user_id: 'u', destination }).destination,
  });
  const paid = (destination: string) => ({
    step: validate(sandboxSchemas.purchase, { external_user_id: 'u', destination, amount: 450, currency: 'EUR' }).destination,
    fact: (validate(FactSchema, purchaseFact(destination)) as { destination: string }).destination,
  });

  it.each([
    ['FRA', 'FRA'],
    ['FR', 'FRA'],
    ['XKK', 'XKK'],
  ])("reads a traveler's choice of %s as the country %s, when redeeming and for a classic grant", (sent, read) => {
    expect(chosen(sent)).toEqual({ redeemed: read, classic: read });
  });

  it.each(['CDG', 'QQQ', 'XX', 'XEU', 'XZZ'])(
    "refuses a traveler's choice of %s (an airport, a region or no country) with 400: a choice is never guessed or widened",
    (sent) => {
      const attempt = () => validate(ClassicDestinationSchema, { external_user_id: 'u', destination: sent });

      expect(attempt).toThrow(ValidationError);
      expect(attempt).toThrow(/the country the traveler travels to/);
    },
  );

  it('reads what was paid for as a country or a region, and refuses an airport', () => {
    expect(paid('FR')).toEqual({ step: 'FRA', fact: 'FRA' });
    expect(paid('XEU')).toEqual({ step: 'XEU', fact: 'XEU' });
    expect(() => paid('CDG')).toThrow(ValidationError);
  });
});

describe('reporter facts', () => {
  it('read an ISO 8601 comma fraction or hour offset in its extended spelling, which every date parser reads', () => {
    const fact = validate(FactSchema, { ...purchaseFact('FRA'), occurred_at: '2026-11-27T10:04:32,5+01' }) as { occurred_at: string };

    expect(fact.occurred_at).toBe('2026-11-27T10:04:32.5+01:00');
    expect(Number.isNaN(Date.parse(fact.occurred_at))).toBe(false);
  });

  it('refuse a control character in an id', () => {
    expect(() => validate(FactSchema, { ...purchaseFact('FRA'), payment_id: 'pay\u00001' })).toThrow(ValidationError);
  });
});
