// tests → a destination a traveler chooses or pays for names a country or a region, read as its ISO3 code (decision 15).
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
  it.each([
    ['FRA', 'FRA'],
    ['FR', 'FRA'],
    ['XEU', 'XEU'],
  ])('reads %s as %s in the redemption, the classic destination call, the purchase step and the purchase fact', (sent, read) => {
    expect(validate(RedeemPackageSchema, { external_user_id: 'u', package_queue_id: 'q', destination: sent }).destination).toBe(read);
    expect(validate(ClassicDestinationSchema, { external_user_id: 'u', destination: sent }).destination).toBe(read);
    expect(validate(sandboxSchemas.purchase, { external_user_id: 'u', destination: sent, amount: 450, currency: 'EUR' }).destination).toBe(read);
    expect((validate(FactSchema, purchaseFact(sent)) as { destination: string }).destination).toBe(read);
  });

  it.each(['CDG', 'QQQ', 'XX'])('refuses %s, an airport or a code that names no country or region, with 400', (sent) => {
    const attempt = () => validate(ClassicDestinationSchema, { external_user_id: 'u', destination: sent });

    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(/country's ISO3/);
  });
});
