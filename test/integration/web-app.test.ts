// Traveler web app over HTTP: redirect tokens, the session they open, page security, tenancy and the claim form.
import { randomUUID } from 'node:crypto';
import { routes } from '#shared/routes';
import { setBrand } from '#shared/usecases/manage-brands';
import { mailbox } from '#test/support/mailbox';
import { shortWindow } from '#test/support/factories';
import { useTestService } from '#test/support/test-service';
import { bookTraveler, open, redirectToken, sessionCookieOf } from '#test/support/web-app';

describe('Traveler web app', () => {
  const service = useTestService();

  beforeAll(async () => {
    await setBrand(
      {
        partnerId: service.partnerId,
        settings: { brand_id: 'skyline', name: 'Skyline Air', primary_color: '#0b5cad', logo: null },
        makeDefault: true,
      },
      service.runtime.admin,
    );
  });

  const signIn = async (externalUserId: string) => {
    const { url } = await redirectToken(service.client, { external_user_id: externalUserId });
    const start = await open(url);
    return { start, cookie: sessionCookieOf(start) };
  };

  describe('POST /redirect-tokens/create', () => {
    it('answers 201 with a token, its expiry and the web app URL that redeems it; the token carries no traveler id', async () => {
      const traveler = `trav-${randomUUID()}`;
      const response = await service.client.send('POST', '/redirect-tokens/create', {
        body: { external_user_id: traveler, email: 'ignored@example.com' },
      });

      expect(response.status).toBe(201);
      const data = response.body.data;
      expect(data).toMatchObject({ external_user_id: traveler, url: `${service.url}/app/start?token=${encodeURIComponent(data.token)}` });
      expect(Date.parse(data.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
      expect(data.token).not.toContain(traveler);
    });

    it('resolves an email within the partner, assigns one external_user_id to it, and refuses an email it does not know', async () => {
      const email = `only-email-${randomUUID().slice(0, 8)}@example.com`;
      await service.client.send('POST', '/bookings', {
        body: {
          booking_id: `BK-${randomUUID().slice(0, 8)}`,
          departure_date: new Date(Date.now() + 864e6).toISOString(),
          package_specifications: [{ destination: 'FRA', size: '1GB', email }],
        },
      });

      const first = await service.client.send('POST', '/redirect-tokens/create', { body: { email: email.toUpperCase() } });
      const second = await service.client.send('POST', '/redirect-tokens/create', { body: { email } });
      const otherPartner = await service.otherClient.send('POST', '/redirect-tokens/create', { body: { email } });

      expect(first.status).toBe(201);
      expect(first.body.data.external_user_id).toMatch(/^ext_/);
      expect(second.body.data.external_user_id).toBe(first.body.data.external_user_id);
      expect(otherPartner.status).toBe(404);
      expect(otherPartner.body.error.code).toBe('traveler_not_found');
    });

    it('resolves the email of a traveler booked with an email and an external_user_id before anything is redeemed', async () => {
      const tag = randomUUID().slice(0, 8);
      const entryEmail = `entry-${tag}@example.com`;
      const bookingEmail = `booker-${tag}@example.com`;
      const sharedEmail = `agency-${tag}@example.com`;
      const departure = new Date(Date.now() + 864e6).toISOString();
      const book = (email: string, specifications: Array<Record<string, unknown>>) =>
        service.client.send('POST', '/bookings', { body: { email, departure_date: departure, package_specifications: specifications } });
      await book(`someone-${tag}@example.com`, [{ destination: 'FRA', size: '1GB', external_user_id: `kim-${tag}`, email: entryEmail }]);
      await book(bookingEmail, [{ destination: 'ITA', size: '1GB', external_user_id: `lee-${tag}` }]);
      await book(sharedEmail, [{ destination: 'ESP', size: '1GB', external_user_id: `ann-${tag}` }]);
      await book(sharedEmail, [{ destination: 'PRT', size: '1GB', external_user_id: `bob-${tag}` }]);

      const byEntryEmail = await service.client.send('POST', '/redirect-tokens/create', { body: { email: entryEmail } });
      const byBookingEmail = await service.client.send('POST', '/redirect-tokens/create', { body: { email: bookingEmail.toUpperCase() } });
      const byAgencyEmail = await service.client.send('POST', '/redirect-tokens/create', { body: { email: sharedEmail } });
      const otherPartner = await service.otherClient.send('POST', '/redirect-tokens/create', { body: { email: entryEmail } });

      expect([byEntryEmail.status, byEntryEmail.body.data?.external_user_id]).toEqual([201, `kim-${tag}`]);
      expect([byBookingEmail.status, byBookingEmail.body.data?.external_user_id]).toEqual([201, `lee-${tag}`]);
      expect([byAgencyEmail.status, byAgencyEmail.body.error?.code]).toEqual([409, 'traveler_ambiguous']);
      expect(otherPartner.body.error.code).toBe('traveler_not_found');
    });

    it.each([
      ['neither field', {}],
      ['a malformed email', { email: 'not-an-email' }],
      ['an empty external_user_id', { external_user_id: '' }],
      ['an overlong external_user_id', { external_user_id: 'x'.repeat(256) }],
    ])('refuses %s with 400', async (_, body) => {
      const response = await service.client.send('POST', '/redirect-tokens/create', { body });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
    });

    it('lets external_user_id win over an email sent beside it, even a malformed one (spec)', async () => {
      const externalUserId = `trav-${randomUUID()}`;
      await bookTraveler(service.client, externalUserId);

      const response = await service.client.send('POST', '/redirect-tokens/create', { body: { external_user_id: externalUserId, email: 'bad' } });

      expect(response.status).toBe(201);
      expect(response.body.data.external_user_id).toBe(externalUserId);
    });

    it('requires a partner signature', async () => {
      const response = await fetch(`${service.url}/redirect-tokens/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"external_user_id":"x"}',
      });
      expect(response.status).toBe(401);
    });
  });

  describe('GET /app/start', () => {
    it('exchanges the token for a session cookie (HttpOnly, SameSite=Lax, short-lived) and 303s to /app without the token', async () => {
      const { start } = await signIn(`trav-${randomUUID()}`);

      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toBe('/api/app');
      const cookie = start.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax$/);
      expect(start.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it('lets a token be used once: the second opening gets a friendly 410 page, not a session', async () => {
      const { url } = await redirectToken(service.client, { external_user_id: `trav-${randomUUID()}` });
      const first = await open(url);
      const second = await open(url, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      const page = await second.text();

      expect(first.status).toBe(303);
      expect(second.status).toBe(410);
      expect(second.headers.get('set-cookie')).toBeNull();
      expect(page).toContain('<html lang="de">');
      expect(page).toContain('Dieser Link wurde bereits verwendet');
    });

    it("refuses a tampered, another partner's or missing token with a friendly 400 page", async () => {
      const { token } = await redirectToken(service.client, { external_user_id: `trav-${randomUUID()}` });
      const [, , nonce, expires, signature] = token.split('.');
      const { partner } = await service.newPartner();
      const forged = `v1.${partner.partner_id}.${nonce}.${expires}.${signature}`;

      for (const candidate of [`${token.slice(0, -2)}AA`, forged, '', 'v1.x']) {
        const response = await open(`${service.url}/app/start?token=${encodeURIComponent(candidate)}`);
        expect(response.status).toBe(400);
        expect(await response.text()).toContain('This link is not valid');
      }
    });
  });

  describe('pages', () => {
    it('shows the signed-in traveler their own packages under the partner brand, with a strict CSP and no caching', async () => {
      const traveler = `trav-${randomUUID()}`;
      const stranger = `trav-${randomUUID()}`;
      await bookTraveler(service.client, traveler, { locale: 'fr' });
      await bookTraveler(service.client, stranger, { package_specifications: [{ destination: 'USA', size: '3GB', external_user_id: stranger }] });
      const { cookie } = await signIn(traveler);

      const home = await open(`${service.url}/app`, { headers: { cookie } });
      const page = await home.text();

      expect(home.status).toBe(200);
      expect(page).toContain('<html lang="fr">');
      expect(page).toContain(traveler);
      // Destinations by name in the page's language (French here), never by code.
      expect(page).toContain('France');
      expect(page).toContain('Japon');
      expect(page).not.toContain('FRA');
      expect(page).not.toContain('USA');
      expect(page).not.toContain(stranger);
      expect(page).toContain('Skyline Air');
      const csp = home.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page).not.toMatch(/<script|style=/);
      expect(home.headers.get('cache-control')).toContain('no-store');
      expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it("moves a grant past its expires_at from the waiting packages to those no longer available, shows a grant without a size with the partner's default size and a trip as its region", async () => {
      const traveler = `trav-${randomUUID()}`;
      const window = shortWindow();
      await bookTraveler(service.client, traveler, {
        locale: 'en',
        package_specifications: [
          { esim_type: 'classic', external_user_id: traveler, destination: 'ITA', expires_at: window.expiresAt, size: '3GB' },
          { external_user_id: traveler, destination: 'ESP', expires_at: '2099-12-31T22:15:00Z' },
          { external_user_id: traveler, destination: ['FRA', 'ITA'], size: '5GB' },
        ],
      });
      const { cookie } = await signIn(traveler);
      await window.closed();

      const page = (await (await open(`${service.url}/app`, { headers: { cookie } })).text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

      // As the dashboard and the classic list read it (decision F27): expired, so no longer waiting, and said so.
      const [waiting, missed] = page.split('Packages no longer available');
      expect(waiting).not.toContain('Italy');
      expect(missed).toMatch(/Italy .*3 GB .*Expired · Classic eSIM Expired on/);
      expect(page).toMatch(/Spain .*1 GB .*Ready to redeem · Universal eSIM/);
      // A redemption window may end within the day: its time is shown, not only its date.
      expect(page).toContain('Available until Dec 31, 2099, 10:15 PM UTC');
      expect(page).not.toContain('Unlimited');
      // A trip reads as the one place it is provisioned in, as the dashboard and the events say: its region, or here,
      // with no catalog regions loaded, its first country (F153); never the list as sent.
      expect(page).toMatch(/France .*5 GB/);
      expect(page).not.toContain('France, Italy');
    });

    it("never lets a session see another partner's traveler with the same external_user_id", async () => {
      const shared = `trav-${randomUUID()}`;
      await bookTraveler(service.otherClient, shared, { package_specifications: [{ destination: 'BRA', size: '2GB', external_user_id: shared }] });
      const { cookie } = await signIn(shared);

      const page = await (await open(`${service.url}/app`, { headers: { cookie } })).text();

      expect(page).toContain(shared);
      expect(page).not.toContain('BRA');
      expect(page).toContain('No packages are waiting for you right now.');
    });

    it("styles pages with the booking's custom_branding over the default brand, logo included in the CSP", async () => {
      const logo = 'https://cdn.example.com/harbor.svg';
      await setBrand(
        { partnerId: service.partnerId, settings: { brand_id: 'harbor', name: 'Harbor Trips', primary_color: '#5a2d82', logo } },
        service.runtime.admin,
      );
      const traveler = `trav-${randomUUID()}`;
      await bookTraveler(service.client, traveler, { custom_branding: 'harbor' });
      const { cookie } = await signIn(traveler);

      const home = await open(`${service.url}/app`, { headers: { cookie } });
      const page = await home.text();

      expect(page).toContain(`<img src="${logo}" alt="Harbor Trips">`);
      expect(page).toContain(`/api/app/brands/${service.partnerId}/harbor?v=`);
      expect(page).not.toContain('Skyline Air');
      expect(home.headers.get('content-security-policy')).toContain("img-src 'self' data: https://cdn.example.com;");
    });

    it("styles pages with the brand of the shown eSIM's booking, as the app's dashboard names it, not a newer booking's (F164)", async () => {
      // Prepare: an eSIM from a Harbor booking, then a newer booking of another brand whose grant waits
      for (const [brand_id, name, primary_color] of [
        ['harbor', 'Harbor Trips', '#5a2d82'],
        ['lagoon', 'Lagoon Tours', '#0f766e'],
      ] as const) {
        await setBrand({ partnerId: service.partnerId, settings: { brand_id, name, primary_color, logo: null } }, service.runtime.admin);
      }
      const traveler = `trav-${randomUUID()}`;
      const first = await bookTraveler(service.client, traveler, { custom_branding: 'harbor' });
      const redeemed = await service.client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid: first.promo_codes[0].uuid } });
      await bookTraveler(service.client, traveler, { custom_branding: 'lagoon' });
      const { cookie } = await signIn(traveler);

      // Act
      const pages = await Promise.all(
        [`${service.url}/app`, `${service.url}/app/install`].map(async (url) => (await open(url, { headers: { cookie } })).text()),
      );
      const dashboard = await service.client.send('GET', `/native/user-dashboard?external_user_id=${traveler}`);

      // Assess
      expect(redeemed.status).toBe(200);
      expect(dashboard.body.data.partner.branding.name).toBe('Harbor Trips');
      for (const page of pages) {
        expect(page).toContain(`/api/app/brands/${service.partnerId}/harbor?v=`);
        expect(page).not.toContain('lagoon');
      }
    });

    it('answers an unknown or ended session with the 401 session-ended page, and no session with the signed-out one', async () => {
      const none = await open(`${service.url}/app`);
      const unknown = await open(`${service.url}/app`, { headers: { cookie: `session=${'A'.repeat(43)}` } });

      expect([none.status, unknown.status]).toEqual([401, 401]);
      expect(await unknown.text()).toContain('Your session has ended');
      const signedOut = await none.text();
      expect(signedOut).toContain('You are signed out');
      expect(signedOut).not.toContain('sessions end after a short time');
    });

    it('refuses a form without a CSRF token on every page route that takes a POST, whatever its path', async () => {
      // Prepare: every form the route table serves to browsers, with a live session and a same-site post.
      const { cookie } = await signIn(`trav-${randomUUID()}`);
      const forms = routes.filter((route) => route.method === 'POST' && (route.auth === 'traveler-session' || route.auth === 'public-page'));

      // Act
      const statuses = await Promise.all(
        forms.map(async (route) => {
          const path = route.path.replace(/\{[^}]+\}/g, randomUUID());
          const response = await open(`${service.url}${path}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: 'email=a%40example.com',
          });
          return [route.operation, response.status];
        }),
      );

      // Assess
      expect(forms.length).toBeGreaterThanOrEqual(3);
      expect(statuses).toEqual(forms.map((route) => [route.operation, 403]));
    });

    it("signs out only with the session's CSRF token", async () => {
      const { cookie } = await signIn(`trav-${randomUUID()}`);
      const home = await (await open(`${service.url}/app`, { headers: { cookie } })).text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(home)?.[1] ?? '';
      const post = (body: string, headers: Record<string, string> = {}) =>
        open(`${service.url}/app/sign-out`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
        });

      const missing = await post('');
      const wrong = await post(`csrf_token=${'x'.repeat(43)}`);
      const crossSite = await post(`csrf_token=${csrf}`, { 'sec-fetch-site': 'cross-site' });
      const stillIn = await open(`${service.url}/app`, { headers: { cookie } });
      const signedOut = await post(`csrf_token=${csrf}`);
      const after = await open(`${service.url}/app`, { headers: { cookie } });

      expect([missing.status, wrong.status, crossSite.status]).toEqual([403, 403, 403]);
      expect(stillIn.status).toBe(200);
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.get('set-cookie')).toMatch(/^session=; Path=\/; Max-Age=0/);
      expect(after.status).toBe(401);
    });

    it('answers unknown web app paths with an HTML 404 page', async () => {
      const response = await open(`${service.url}/app/nothing/here`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      const page = await response.text();
      expect(page).toContain('Page not found');
      expect(page).toContain('href="/api/app"');
    });

    it('serves the stylesheet under a content hash, cacheable for a year, and the brand color sheet', async () => {
      const page = await (await open(`${service.url}/app/nothing`)).text();
      const href = /href="\/api(\/app\/assets\/app\.[0-9a-f]{12}\.css)"/.exec(page)?.[1] ?? '';
      const css = await open(`${service.url}${href}`);
      const brandCss = await open(`${service.url}/app/brands/${service.partnerId}/skyline`);
      const unknown = await open(`${service.url}/app/assets/app.000000000000.css`);

      expect(css.status).toBe(200);
      expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(css.headers.get('content-type')).toContain('text/css');
      expect(await brandCss.text()).toBe(':root{--brand:#0b5cad}');
      expect(unknown.status).toBe(404);
    });

    it('caches the brand sheet for a year under the versioned URL pages link, and for minutes under any other', async () => {
      // Prepare: the URL a signed-in page links
      const traveler = `trav-${randomUUID()}`;
      await bookTraveler(service.client, traveler);
      const { cookie } = await signIn(traveler);
      const home = await (await open(`${service.url}/app`, { headers: { cookie } })).text();
      const linked = /href="\/api(\/app\/brands\/[^"]+)"/.exec(home)![1]!.replace(/&amp;/g, '&');

      // Act
      const versioned = await open(`${service.url}${linked}`);
      const unversioned = await open(`${service.url}/app/brands/${service.partnerId}/skyline`);
      const otherVersion = await open(`${service.url}/app/brands/${service.partnerId}/skyline?v=zzz`);

      // Assess
      expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect([unversioned.headers.get('cache-control'), otherVersion.headers.get('cache-control')]).toEqual([
        'public, max-age=300',
        'public, max-age=300',
      ]);
    });
  });

  describe('claim page', () => {
    const claimablePromo = async () => {
      const booking = await bookTraveler(service.client, `trav-${randomUUID()}`, { email: undefined, locale: 'de' });
      return booking.promo_codes[0] as { uuid: string; claim_url: string };
    };

    it('opens at claim_url with an accessible email form, a CSRF cookie and what happens next', async () => {
      const promo = await claimablePromo();

      const response = await open(promo.claim_url);
      const page = await response.text();

      expect(promo.claim_url).toBe(`${service.url}/promo-codes/claim/${promo.uuid}`);
      expect(response.status).toBe(200);
      expect(page).toContain('<html lang="de">');
      expect(page).toContain('<label for="email">');
      expect(page).toContain(`action="/api/app/claim/${promo.uuid}"`);
      expect(page).toContain('So geht es weiter');
      expect(response.headers.get('set-cookie')).toMatch(/^csrf=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7200; HttpOnly; SameSite=Lax$/);
    });

    it('refuses a submission without the matching CSRF token, re-asks for a malformed email, and delivers the code by email on a valid one', async () => {
      const promo = await claimablePromo();
      const form = await open(promo.claim_url);
      const cookie = sessionCookieOf(form);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
      const submit = (body: string, withCookie: string | null = cookie) =>
        open(`${service.url}/app/claim/${promo.uuid}`, {
          method: 'POST',
          headers: { ...(withCookie ? { cookie: withCookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
      const otherPromo = await claimablePromo();
      const otherForm = await open(otherPromo.claim_url);
      const otherCsrf = /name="csrf_token" value="([^"]+)"/.exec(await otherForm.text())?.[1] ?? '';

      const noCookie = await submit(`csrf_token=${csrf}&email=a%40example.com`, null);
      const wrongToken = await submit(`csrf_token=${'y'.repeat(43)}&email=a%40example.com`);
      const selfMadePair = await submit(`csrf_token=${'a'.repeat(43)}&email=a%40example.com`, `csrf=${'a'.repeat(43)}`);
      const anotherCodesToken = await submit(`csrf_token=${otherCsrf}&email=a%40example.com`, sessionCookieOf(otherForm));
      const badEmail = await submit(`csrf_token=${csrf}&email=not-an-email`);
      const good = await submit(`csrf_token=${csrf}&email=a%40example.com`);

      expect([noCookie.status, wrongToken.status, selfMadePair.status, anotherCodesToken.status]).toEqual([403, 403, 403, 403]);
      expect(badEmail.status).toBe(400);
      const badPage = await badEmail.text();
      expect(badPage).toContain('aria-invalid="true"');
      expect(badPage).toContain('value="not-an-email"');
      expect(good.status).toBe(200);
      expect(await mailbox(service.dataDir).waitFor('a@example.com')).toHaveLength(1);
    });

    it('hands a valid submission to the bound claim use case: uuid, trimmed email and service.client address, then its outcome page', async () => {
      // Prepare: the form handler bound to a recording claim port, driven like API Gateway would.
      const promo = await claimablePromo();
      const form = await open(promo.claim_url);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
      const calls: unknown[] = [];
      const { claimFormHandler } = await import('#shared/web/claim-form');
      const handler = claimFormHandler({ claim: async (input) => (calls.push(input), calls.length === 1 ? 'sent' : 'already_claimed') });
      const submit = () =>
        handler({
          path: `/app/claim/${promo.uuid}`,
          httpMethod: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: sessionCookieOf(form) },
          pathParameters: { uuid: promo.uuid },
          body: `csrf_token=${encodeURIComponent(csrf)}&email=+Ada%40Example.com+`,
          isBase64Encoded: false,
          requestContext: { path: `/api/app/claim/${promo.uuid}`, identity: { sourceIp: '198.51.100.7' } },
        } as never);

      // Act
      const first = await submit();
      const second = await submit();

      // Assess
      expect(calls[0]).toEqual({ uuid: promo.uuid, email: 'Ada@Example.com', clientAddress: '198.51.100.7' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Prüfen Sie Ihre E-Mails');
      expect(second.statusCode).toBe(409);
    });

    it('answers an unknown or malformed uuid, and a code whose booking has an email, with the 404 page', async () => {
      const emailed = (await bookTraveler(service.client, `trav-${randomUUID()}`)).promo_codes[0] as { uuid: string };
      for (const uuid of [randomUUID(), 'not-a-uuid', emailed.uuid]) {
        const response = await open(`${service.url}/promo-codes/claim/${uuid}`);
        expect(response.status).toBe(404);
        expect(await response.text()).toContain('Page not found');
      }
    });
  });
});
