// Every id-taking native route: another partner's traveler or queue entry answers exactly like an unknown one,
// and the owner's data is left as it was.
import { randomUUID } from 'node:crypto';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Cross-partner access to traveler routes', () => {
  let service: TestService;
  let owner: SignedClient;
  let other: SignedClient;

  beforeAll(async () => {
    service = await startTestService();
    ({ client: owner } = await service.newPartner());
    ({ client: other } = await service.newPartner());
  });
  afterAll(() => service.stop());

  /** The owner's traveler with a redeemed package (so an eSIM), a pending package and a pending classic grant. */
  const ownersTraveler = async () => {
    const externalUserId = `xp-${randomUUID().slice(0, 8)}`;
    const body = makeBookingRequest({
      package_specifications: [
        makePackageSpecification({ external_user_id: externalUserId }),
        makePackageSpecification({ external_user_id: externalUserId }),
        makePackageSpecification({ external_user_id: externalUserId, esim_type: 'classic', destination: 'ITA' }),
      ],
    });
    const booking = (await owner.send('POST', '/bookings', { body })).body.data[0];
    const redeemed = await owner.send('POST', '/sandbox/redeem-promo-code', { body: { uuid: booking.promo_codes[0].uuid } });
    expect(redeemed.status).toBe(200);
    return { externalUserId, pendingQueue: booking.package_queues[1].uuid as string, classicQueue: booking.package_queues[2].uuid as string };
  };

  it("GET /native/user-dashboard: another partner gets the empty dashboard of a traveler it never named, nothing of the owner's", async () => {
    const { externalUserId } = await ownersTraveler();

    const theirs = await other.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}`);
    const unknownId = `nobody-${randomUUID()}`;
    const unknown = await other.send('GET', `/native/user-dashboard?external_user_id=${unknownId}`);

    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({
      user: { user_id: null, external_user_id: externalUserId, email: null },
      package_queues: [],
      current_esim: null,
      current_esim_packages: [],
    });
    expect({ ...theirs.body.data, user: { ...theirs.body.data.user, external_user_id: unknownId } }).toEqual(unknown.body.data);
  });

  it("POST /native/redeem-package: another partner gets the unknown entry's 404 and the entry stays redeemable", async () => {
    const { externalUserId, pendingQueue } = await ownersTraveler();

    const theirs = await other.send('POST', '/native/redeem-package', { body: { external_user_id: externalUserId, package_queue_id: pendingQueue } });
    const unknown = await other.send('POST', '/native/redeem-package', {
      body: { external_user_id: externalUserId, package_queue_id: randomUUID() },
    });
    const mine = await owner.send('POST', '/native/redeem-package', { body: { external_user_id: externalUserId, package_queue_id: pendingQueue } });

    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(mine.status).toBe(200);
  });

  it('classic grants: another partner cannot list, set the destination of or claim them', async () => {
    const { externalUserId, classicQueue } = await ownersTraveler();
    const path = (id: string, action: string) => `/native/classic-package-queues/${id}/${action}`;

    const listed = await other.send('GET', `/native/classic-package-queues?external_user_id=${externalUserId}`);
    const setTheirs = await other.send('PUT', path(classicQueue, 'destination'), { body: { external_user_id: externalUserId, destination: 'FRA' } });
    const setUnknown = await other.send('PUT', path(randomUUID(), 'destination'), { body: { external_user_id: externalUserId, destination: 'FRA' } });
    const claimTheirs = await other.send('POST', path(classicQueue, 'claim'), { body: { external_user_id: externalUserId } });
    const claimUnknown = await other.send('POST', path(randomUUID(), 'claim'), { body: { external_user_id: externalUserId } });
    const listedUnknown = await other.send('GET', `/native/classic-package-queues?external_user_id=${randomUUID()}`);
    const ownersView = await owner.send('GET', `/native/classic-package-queues?external_user_id=${externalUserId}`);

    // To another partner the traveler is unknown, exactly as an id nobody uses.
    expect([listed.status, listed.body.data]).toEqual([200, []]);
    expect(listed.body).toEqual(listedUnknown.body);
    expect([setTheirs.status, claimTheirs.status]).toEqual([404, 404]);
    expect(setTheirs.body).toEqual(setUnknown.body);
    expect(claimTheirs.body).toEqual(claimUnknown.body);
    expect(ownersView.body.data).toEqual([expect.objectContaining({ queue_id: classicQueue, status: 'pending', destination: 'ITA' })]);
  });
});
