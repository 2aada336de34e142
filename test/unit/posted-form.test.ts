// Web: every posted form goes through one wrapper: a cross-site post or a token the form's check refuses gets the
// 403 page before the form's handler runs; only the check (session token, cookie, signature) differs per form.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { html } from '#shared/web/html';
import { translator } from '#shared/web/i18n';
import { postedForm, type PageRequest } from '#shared/web/page-handler';

const requestWith = (body: string, headers: Record<string, string> = {}): PageRequest => ({
  event: { body, isBase64Encoded: false } as APIGatewayProxyEvent,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  cookies: new Map(),
  basePath: '/api',
  secure: false,
  frame: () => ({ language: 'en', t: translator('en'), basePath: '/api' }),
  cookie: () => undefined,
});

describe('Web: postedForm', () => {
  const handled: string[] = [];
  const form = postedForm(
    (_request, token) => token === 'right',
    async (_request, fields) => {
      handled.push(fields.get('item') ?? '');
      return { page: html`<p>done</p>` };
    },
  );
  afterEach(() => (handled.length = 0));

  it.each([
    ['a missing token', 'item=a', {}],
    ['a token the check refuses', 'csrf_token=wrong&item=a', {}],
    ['a cross-site post, even with the right token', 'csrf_token=right&item=a', { 'sec-fetch-site': 'cross-site' }],
    ['a body that is not a urlencoded form', 'csrf_token=right&item=a', { 'content-type': 'text/plain' }],
  ])('answers %s with the 403 page and never runs the form', async (_case, body, headers) => {
    // Act
    const outcome = await form(requestWith(body, headers));

    // Assess
    expect(outcome).toMatchObject({ status: 403, page: { value: expect.stringContaining('Please try again') } });
    expect(handled).toEqual([]);
  });

  it("hands an accepted form's fields to the form", async () => {
    // Act
    const outcome = await form(requestWith('csrf_token=right&item=a', { 'sec-fetch-site': 'same-origin' }));

    // Assess
    expect(outcome).toMatchObject({ page: { value: '<p>done</p>' } });
    expect(handled).toEqual(['a']);
  });
});
