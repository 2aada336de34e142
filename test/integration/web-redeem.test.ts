// Redeeming from the web app over HTTP: the home page's button on each waiting grant takes it (a universal grant onto
// the eSIM, a classic one claimed), asks for a country when the grant names none, refuses a forged or repeated form
// with a page that leads home, and reaches no other traveler's grant.
import { randomUUID } from 'node:crypto';
import { makeBookingRequest, makePackageSpecification, shortWindow } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { open, redirectToken, sessionCookieOf } from '#test/support/web-app';

describe('Web app: redeeming a waiting package', () => {
  let service: TestService;
  let client: SignedClient;

  beforeAll(async () => {
    service = await startTestService();
    ({ client } = await service.newPartner());
  });
  afterAll(() => service.stop());

  /** A traveler with grants of the given specifications, signed in, and the home page's form fields of the first grant. */
  const travelerWith = async (specifications: Array<Record<string, unknown>>) => {
    const traveler = `trav-${randomUUID()}`;
    const booked = await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        package_specifications: specifications.map((spec) => makePackageSpecification({ external_user_id: traveler, ...spec })),
      }),
    });
    expect(booked.status).toBe(201);
    const cookie = sessionCookieOf(await open((await redirectToken(client, { external_user_id: traveler })).url));
    const home = async () => (await open(`${service.url}/app`, { headers: { cookie } })).text();
    const page = await home();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)![1]!;
    const grants: string[] = booked.body.data[0].package_queues.map((entry: { uuid: string }) => entry.uuid);
    return { traveler, cookie, csrf, grants, page, home };
  };
  const redeem = (cookie: string, form: Record<string, string>) =>
    open(`${service.url}/app/redeem`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const dashboard = async (traveler: string) =>
    (await client.send('GET', `/native/user-dashboard?external_user_id=${encodeURIComponent(traveler)}`)).body.data;

  it('says the time to take a grant ended when its form is sent after its expires_at, and redeems nothing', async () => {
    // Prepare: the home page shows the grant's button while its window is open
    const window = shortWindow(3_000);
    const { traveler, cookie, csrf, grants } = await travelerWith([{ destination: 'FRA', size: '5GB', expires_at: window.expiresAt }]);
    await window.closed();

    // Act
    const late = await redeem(cookie, { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'universal' });

    // Assess
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('The time to take it has ended.');
    expect((await dashboard(traveler)).current_esim_packages).toEqual([]);
  });

  it('redeems a universal grant from its button onto the eSIM, and says so when the same form is sent again', async () => {
    // Prepare
    const { traveler, cookie, csrf, grants, page, home } = await travelerWith([{ destination: 'FRA', size: '5GB' }]);
    const form = { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'universal' };

    // Act
    const redeemed = await redeem(cookie, form);
    const again = await redeem(cookie, form);

    // Assess
    expect(page).toContain(`name="package_queue_id" value="${grants[0]}"`);
    expect(page).toContain('Redeem now');
    expect([redeemed.status, redeemed.headers.get('location')]).toEqual([303, '/api/app?redeemed=1']);
    expect((await dashboard(traveler)).current_esim_packages).toHaveLength(1);
    expect(await home()).toContain('No packages are waiting for you right now.');
    expect(await (await open(`${service.url}/app?redeemed=1`, { headers: { cookie } })).text()).toContain('Done: the package is yours.');
    expect(again.status).toBe(409);
    const gone = await again.text();
    expect(gone).toContain('This package is no longer waiting for you');
    expect(gone).toContain('href="/api/app"');
  });

  it('asks for a country when the grant names none, refuses the form without one, and provisions the country chosen', async () => {
    // Prepare
    const { traveler, cookie, csrf, grants, page } = await travelerWith([{ destination: undefined, size: '2GB' }]);
    const form = { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'universal' };

    // Act
    const withoutCountry = await redeem(cookie, form);
    const withRegion = await redeem(cookie, { ...form, destination: 'XEU' });
    const withCountry = await redeem(cookie, { ...form, destination: 'ITA' });

    // Assess
    expect(page).toContain('<option value="ITA">Italy</option>');
    expect(page).toMatch(/<h3 id="grant-[^"]+">Destination of your choice<\/h3>/);
    expect(withoutCountry.status).toBe(400);
    expect(await withoutCountry.text()).toContain('Which country do you travel to?');
    expect(withRegion.status).toBe(400);
    expect(withCountry.status).toBe(303);
    expect((await dashboard(traveler)).current_esim_packages[0].destination).toBe('ITA');
  });

  it('claims a classic grant from its button', async () => {
    // Prepare
    const { traveler, cookie, csrf, grants, page } = await travelerWith([{ destination: 'DEU', size: '1GB', esim_type: 'classic' }]);

    // Act
    const claimed = await redeem(cookie, { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'classic' });

    // Assess
    expect(page).toContain('Get this eSIM');
    expect(claimed.status).toBe(303);
    const classic = await client.send('GET', `/native/classic-package-queues?external_user_id=${encodeURIComponent(traveler)}`);
    expect(classic.body.data[0].status).toBe('claimed');
  });

  it('shows no button on an unlimited grant the partner left without a duration, and says why when its form is sent anyway', async () => {
    // Prepare: decision F151, such a grant is not provisioned until the partner gives it a duration
    const { traveler, cookie, csrf, grants, page } = await travelerWith([
      { destination: 'FRA', package_type: 'unlimited', size: undefined, package_duration: undefined, traffic_policy: 'fair-use' },
    ]);

    // Act
    const sent = await redeem(cookie, { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'universal' });

    // Assess: not "already redeemed": the grant still waits, and the page says it cannot be redeemed yet
    expect(page).toContain('Not ready yet');
    expect(page).not.toContain('Redeem now');
    expect(sent.status).toBe(409);
    const body = await sent.text();
    expect(body).toContain('This package cannot be redeemed yet');
    expect(body).toContain('href="/api/app"');
    expect((await dashboard(traveler)).package_queues[0].status).toBe('pending');
  });

  it('shows a classic eSIM claimed beside the universal one on the home page, installable by its own link without its ICCID', async () => {
    // Prepare: a universal grant and a classic one, both redeemed from the page
    const { traveler, cookie, csrf, grants, home } = await travelerWith([
      { destination: 'FRA', size: '3GB' },
      { destination: 'ITA', size: '1GB', esim_type: 'classic' },
    ]);
    await redeem(cookie, { csrf_token: csrf, package_queue_id: grants[0]!, esim_type: 'universal' });
    await redeem(cookie, { csrf_token: csrf, package_queue_id: grants[1]!, esim_type: 'classic' });
    const other = await travelerWith([{ destination: 'ESP' }]);

    // Act
    const page = await home();
    const link = /\/app\/install\?esim=([\w-]+)/.exec(page)?.[1] ?? 'none';
    const install = await open(`${service.url}/app/install?esim=${link}`, { headers: { cookie } });
    const notTheirs = await open(`${service.url}/app/install?esim=${link}`, { headers: { cookie: other.cookie } });
    const malformed = await open(`${service.url}/app/install?esim=abc`, { headers: { cookie } });
    const byIccid = await open(`${service.url}/app/install?iccid=${link}`, { headers: { cookie } });

    // Assess
    expect(page).toContain('Your eSIM for Italy');
    expect(install.status).toBe(200);
    const installText = await install.text();
    const iccid = /ICCID<\/dt><dd><code>(\d+)</.exec(installText)?.[1] ?? 'none';
    expect(iccid).not.toBe((await dashboard(traveler)).current_esim?.iccid);
    expect(installText).toContain('Your eSIM for Italy');
    // No traveler data in URLs (issue 8): neither the home page's links nor the device picker's GET form carry the ICCID
    expect(page).not.toContain(iccid);
    expect(installText).toContain(`name="esim" value="${link}"`);
    expect(installText).not.toContain(`value="${iccid}"`);
    expect([notTheirs.status, malformed.status]).toEqual([404, 404]);
    expect(await byIccid.text()).not.toContain('Your eSIM for Italy');

    // Act: the classic eSIM is installed, then removed from the phone; its package is still the traveler's
    await client.send('POST', '/sandbox/install-esim', { body: { external_user_id: traveler, iccid } });
    const removed = await client.send('POST', '/sandbox/remove-esim', { body: { external_user_id: traveler, iccid } });
    const after = await home();

    // Assess: still listed, said to be removed, installable again
    expect(removed.status).toBe(200);
    expect(after).toContain('Your eSIM for Italy');
    expect(after).toContain('Removed from your phone');
    expect(after).toMatch(/\/api\/app\/install\?esim=[\w-]+/);
    expect(after).not.toContain(iccid);
  });

  it("refuses a form without the CSRF token, a forged field, and another traveler's grant, changing nothing", async () => {
    // Prepare
    const mine = await travelerWith([{ destination: 'FRA' }]);
    const theirs = await travelerWith([{ destination: 'ESP' }]);

    // Act
    const noCsrf = await redeem(mine.cookie, { package_queue_id: mine.grants[0]!, esim_type: 'universal' });
    const forged = await redeem(mine.cookie, { csrf_token: mine.csrf, package_queue_id: mine.grants[0]!, esim_type: 'satellite' });
    const other = await redeem(mine.cookie, { csrf_token: mine.csrf, package_queue_id: theirs.grants[0]!, esim_type: 'universal' });

    // Assess
    expect([noCsrf.status, forged.status, other.status]).toEqual([403, 400, 404]);
    expect(await noCsrf.text()).toContain('href="/api/app"');
    expect((await dashboard(mine.traveler)).current_esim_packages).toEqual([]);
    expect((await dashboard(theirs.traveler)).package_queues[0].status).toBe('pending');
  });
});
