// Use case: createBooking names the partner in its confirmation email as the claim page does: the booking's brand,
// else the partner's default brand, else the partner's name; an unknown custom_branding is refused, storing nothing.
import * as v from 'valibot';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { createBooking } from '#shared/usecases/create-booking';
import { makeBookingRequest } from '#test/support/factories';
import { fakeCreateBookingDeps } from '#test/support/fakes';

const brands = { air: 'Acme Air', rail: 'Acme Rail' };

const depsWith = (defaultBrand: string | undefined) => {
  const { deps, stored } = fakeCreateBookingDeps({ partner: { name: 'Acme Travel Holdings' }, brands, defaultBrand });
  const subject = () => stored[0]?.emails?.[0]?.data.messages[0]?.subject;
  return { deps, stored, subject };
};

const emailing = (overrides: Record<string, unknown> = {}) =>
  v.parse(BookingRequestSchema, makeBookingRequest({ communication_options: { should_send_message: true, channels: ['EMAIL'] }, ...overrides }));

describe('Use case: createBooking, who the confirmation email says the booking is with', () => {
  it.each([
    ['the booking names a brand', { custom_branding: 'rail' }, 'air', 'Acme Rail'],
    ['the booking names none: the default brand', {}, 'air', 'Acme Air'],
    ['neither: the partner', {}, undefined, 'Acme Travel Holdings'],
  ])('%s', async (_case, overrides, defaultBrand, expected) => {
    // Prepare
    const { deps, subject } = depsWith(defaultBrand);

    // Act
    await createBooking({ partnerId: 'ptn_1', request: emailing(overrides) }, deps);

    // Assess
    expect(subject()).toContain(expected);
  });

  it('refuses a custom_branding the partner does not have, storing nothing', async () => {
    // Prepare
    const { deps, stored } = depsWith('air');

    // Act
    const created = createBooking({ partnerId: 'ptn_1', request: emailing({ custom_branding: 'sea' }) }, deps);

    // Assess
    await expect(created).rejects.toMatchObject({ status: 400, code: 'unknown_custom_branding' });
    expect(stored).toHaveLength(0);
  });
});
