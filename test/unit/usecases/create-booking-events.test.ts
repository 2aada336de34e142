// use cases on in-memory stores → booking events that fire at once when a booking is created inside its window:
// `esim_installed` says whether the booking's traveler has an eSIM on a device already (decision F16).
import { makePackageSpecification } from '#test/support/factories';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { installEsim } from '#shared/usecases/traveler-facts';

/** Departure three days after the world's clock (2026-06-01): inside the default 7-day cutoff window. */
const SOON = '2026-06-04T10:00:00+02:00';

const cutoffEvents = (world: ReturnType<typeof memoryLifecycle>) => world.events().filter((e) => e.event === 'booking.within_cutoff');

describe('Use case: createBooking, booking events due at once', () => {
  it('says esim_installed true for a returning traveler whose eSIM is on a device, false for a new one', async () => {
    // Prepare: traveler u-1 installed the eSIM of an earlier grant
    const world = memoryLifecycle();
    const earlier = await world.activePackage();
    await installEsim({ partnerId: 'ptn_test', iccid: earlier.iccid }, world.deps);

    // Act
    const returning = await world.book({ departure_date: SOON, package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const newcomer = await world.book({ departure_date: SOON, package_specifications: [makePackageSpecification({ external_user_id: 'u-new' })] });

    // Assess
    const byBooking = Object.fromEntries(cutoffEvents(world).map((e) => [e.data.booking_id, e.data.esim_installed]));
    expect(byBooking).toEqual({ [returning.id]: true, [newcomer.id]: false });
  });
});
