// The query string a partner signed, rebuilt from the decoded values API Gateway hands over: every common client's
// spelling is among the candidates, and a parameter given twice is refused.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { MAX_REORDERED_NAMES, queryParameters, queryStringCandidates, signedQueryCandidates } from '#shared/http/request';

const eventWith = (parameters: Record<string, string[]>) =>
  ({
    multiValueQueryStringParameters: parameters,
    queryStringParameters: Object.fromEntries(Object.entries(parameters).map(([name, values]) => [name, values.at(-1)])),
  }) as unknown as APIGatewayProxyEvent;

describe('Signed query string candidates', () => {
  const value = "o'brien (x)* ~!";
  const event = eventWith({ external_user_id: [value], locale: ['de'] });

  it.each([
    ['as decoded', `?external_user_id=${value}&locale=de`],
    ["JavaScript's encodeURIComponent", `?external_user_id=${encodeURIComponent(value)}&locale=de`],
    ["URLSearchParams (form encoding, '+' for a space)", `?${new URLSearchParams({ external_user_id: value, locale: 'de' })}`],
    ["RFC 3986, as Python's quote(safe='') writes it", '?external_user_id=o%27brien%20%28x%29%2A%20~%21&locale=de'],
    ["form encoding over RFC 3986, as Python's urlencode writes it", '?external_user_id=o%27brien+%28x%29%2A+~%21&locale=de'],
    [
      'encodeURIComponent with lower-case hex escapes',
      `?external_user_id=${encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}&locale=de`,
    ],
    ['RFC 3986 with lower-case hex escapes', '?external_user_id=o%27brien%20%28x%29%2a%20~%21&locale=de'],
    ["form encoding with lower-case hex escapes, as .NET's UrlEncode writes it", '?external_user_id=o%27brien+%28x%29%2a+~%21&locale=de'],
    [
      'encodeURIComponent as fetch sends it (the URL parser escapes a quote)',
      new URL(`https://api.example/bookings?external_user_id=${encodeURIComponent(value)}&locale=de`).search,
    ],
  ])('includes the spelling %s', (_client, signed) => {
    expect(queryStringCandidates(event)).toContain(signed);
  });

  it('collapses to one candidate per order of the names when every spelling agrees, the order handed over first', () => {
    expect(queryStringCandidates(eventWith({ perPage: ['10'], cursor: ['abc.def-_'] }))).toEqual([
      '?perPage=10&cursor=abc.def-_',
      '?cursor=abc.def-_&perPage=10',
    ]);
  });

  it('accepts the order the partner sent, whatever order the gateway hands the names over in (decision F173)', () => {
    // Prepare: sent as ?perPage=10&status=failed&cursor=a%20b, handed over in another order
    const handedOver = eventWith({ cursor: ['a b'], status: ['failed'], perPage: ['10'] });

    // Act
    const candidates = queryStringCandidates(handedOver);

    // Assess
    expect(candidates).toContain('?perPage=10&status=failed&cursor=a%20b');
    expect(candidates).toContain('?perPage=10&status=failed&cursor=a+b');
    expect(candidates[0]).toBe('?cursor=a b&status=failed&perPage=10');
  });

  it("keeps a repeated name's values together and in their order in every order of the names", () => {
    // Act
    const candidates = queryStringCandidates(eventWith({ a: ['1', '2'], b: ['3'] }));

    // Assess
    expect(candidates).toEqual(['?a=1&a=2&b=3', '?b=3&a=1&a=2']);
  });

  it(`tries every order up to ${MAX_REORDERED_NAMES} names, and only the order handed over beyond`, () => {
    // Prepare
    const names = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`n${i}`, ['v']]));

    // Act
    const bounded = queryStringCandidates(eventWith(names(MAX_REORDERED_NAMES)));
    const longer = queryStringCandidates(eventWith(names(MAX_REORDERED_NAMES + 1)));

    // Assess: 5! orders of one spelling each; beyond, the one order
    expect(bounded).toHaveLength(120);
    expect(longer).toEqual(['?n0=v&n1=v&n2=v&n3=v&n4=v&n5=v']);
  });

  it.each([
    [
      'an & and an = that would read as a second parameter',
      { external_user_id: ['alice&iccid=8988273838779488502'] },
      '?external_user_id=alice&iccid=8988273838779488502',
    ],
    ['a + that would read as the form spelling of a space', { external_user_id: ['a+b'] }, '?external_user_id=a+b'],
    ['a % that would read as an escape', { external_user_id: ['100%41'] }, '?external_user_id=100%41'],
  ])('does not offer the decoded spelling of a value holding %s: a signature over that text names another request', (_case, query, otherRequest) => {
    // Act
    const candidates = queryStringCandidates(eventWith(query));

    // Assess: the value is still accepted in its escaped spellings
    expect(candidates).not.toContain(otherRequest);
    expect(candidates).toContain(`?external_user_id=${encodeURIComponent(query.external_user_id[0]!)}`);
  });

  it('builds the candidates as they are tried, the order handed over first, and gives them again on a second pass', () => {
    // Prepare: five names, the most whose every order is tried
    const event = eventWith({ e: ['5'], d: ['4 x'], c: ['3'], b: ['2'], a: ['1'] });

    // Act
    const lazy = signedQueryCandidates(event);
    const first = lazy[Symbol.iterator]().next().value;
    const firstPass = [...lazy];
    const secondPass = [...lazy];

    // Assess
    expect(first).toBe('?e=5&d=4 x&c=3&b=2&a=1');
    expect(firstPass).toEqual(queryStringCandidates(event));
    expect(secondPass).toEqual(firstPass);
    expect(firstPass).toContain('?a=1&b=2&c=3&d=4%20x&e=5');
  });

  it('offers no order in which values swapped between names, or moved to another name, spell the signed query', () => {
    // Prepare: signed as ?a=1&b=2
    const signed = '?a=1&b=2';

    // Act
    const swapped = queryStringCandidates(eventWith({ b: ['1'], a: ['2'] }));
    const moved = queryStringCandidates(eventWith({ a: ['1', '2'] }));
    const merged = queryStringCandidates(eventWith({ a: ['1&b=2'] }));

    // Assess
    expect(swapped).not.toContain(signed);
    expect(moved).not.toContain(signed);
    expect(merged).not.toContain(signed);
  });

  it('offers the decoded spelling of a value holding only an =, which cannot end a value', () => {
    expect(queryStringCandidates(eventWith({ external_user_id: ['dXNlcg=='] }))).toContain('?external_user_id=dXNlcg==');
  });

  it('refuses a parameter given twice, naming it', () => {
    expect(() => queryParameters(eventWith({ external_user_id: ['alice', 'bob'] }))).toThrow(
      expect.objectContaining({ status: 400, details: [{ path: 'external_user_id', message: 'Given more than once.' }] }),
    );
  });
});
