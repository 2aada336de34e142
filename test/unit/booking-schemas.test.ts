// Every field rule of the spec's booking request table, without network.
import * as v from 'valibot';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { ListBookingsQuerySchema } from '#shared/domain/list-bookings-query';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';

const issuesOf = (input: unknown) => {
  const result = v.safeParse(BookingRequestSchema, input);
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue) ?? '');
};

describe('Booking request schema', () => {
  it('accepts the factory request', () => {
    expect(issuesOf(makeBookingRequest())).toEqual([]);
  });

  it.each([
    ['booking_id shorter than 3', { booking_id: 'ab' }, 'booking_id'],
    ['a booking_id of spaces only', { booking_id: '   ' }, 'booking_id'],
    ['an external_id of spaces and a no-break space only', { external_id: ' \u00a0  ' }, 'external_id'],
    ['external_id shorter than 3', { external_id: 'ab' }, 'external_id'],
    ['external_id longer than 100', { external_id: 'x'.repeat(101) }, 'external_id'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['a phone without +', { phone: '4915112345678' }, 'phone'],
    ['a phone with letters', { phone: '+49abc' }, 'phone'],
    ['a phone that is too long', { phone: '+1234567890123456789' }, 'phone'],
    ['an empty first_name', { first_name: '' }, 'first_name'],
    ['a last_name over 100', { last_name: 'x'.repeat(101) }, 'last_name'],
    ['a full_name over 200', { full_name: 'x'.repeat(201) }, 'full_name'],
    ['an unknown title', { title: 'sir' }, 'title'],
    ['pax 0', { pax: 0 }, 'pax'],
    ['pax 1.5', { pax: 1.5 }, 'pax'],
    ['pax as a string', { pax: '2' }, 'pax'],
    ['a flight_number with a dash', { flight_number: 'LH-123' }, 'flight_number'],
    ['a flight_number over 10', { flight_number: 'ABCDEFGHIJK' }, 'flight_number'],
    ['an unknown gender', { gender: 'X' }, 'gender'],
    ['a date_of_birth that is no date', { date_of_birth: '31/12/1990' }, 'date_of_birth'],
    ['a locale of 1 character', { locale: 'e' }, 'locale'],
    ['a locale of 6 characters', { locale: 'en-GBX' }, 'locale'],
    ['a locale with a line break', { locale: 'de\r\n' }, 'locale'],
    ['data that is not an object', { data: 'x' }, 'data'],
    ['data.tags that are not strings', { data: { tags: [1] } }, 'data.tags.0'],
    ['data.manual that is not boolean', { data: { manual: 'yes' } }, 'data.manual'],
    ['an empty channel', { communication_options: { channels: [''] } }, 'communication_options.channels.0'],
    ['package_specifications entries that are arrays', { package_specifications: [[]] }, 'package_specifications.0'],
    ['should_send_message not boolean', { communication_options: { should_send_message: 'yes' } }, 'communication_options.should_send_message'],
    ['custom_branding empty', { custom_branding: '' }, 'custom_branding'],
    ['a departure_date that is no date', { departure_date: 'tomorrow' }, 'departure_date'],
    ['an impossible calendar date', { departure_date: '2026-02-30T10:00:00Z' }, 'departure_date'],
    ['a return_date before departure', { departure_date: '2026-12-10T10:00:00Z', return_date: '2026-12-01T10:00:00Z' }, 'return_date'],
    ['a return_date equal to departure', { departure_date: '2026-12-10T10:00:00Z', return_date: '2026-12-10T10:00:00Z' }, 'return_date'],
    ['no package_specifications', { package_specifications: undefined }, 'package_specifications'],
    ['empty package_specifications', { package_specifications: [] }, 'package_specifications'],
    ['26 package_specifications', { package_specifications: Array.from({ length: 26 }, () => makePackageSpecification()) }, 'package_specifications'],
    ['neither email nor booking_id', { email: undefined, booking_id: undefined }, 'email'],
    ['a NUL in booking_id', { booking_id: 'BK-\u0000-1' }, 'booking_id'],
    ['a quoted email local part', { email: '"a b"@example.com' }, 'email'],
    ['a line break in first_name', { first_name: 'Ada\r\nBcc: x' }, 'first_name'],
    ['a C1 control in departure_location', { departure_location: 'Paris\u0085CDG' }, 'departure_location'],
    ['a first_name of spaces only', { first_name: '   ' }, 'first_name'],
    ['a booking_id of left-to-right marks only', { booking_id: '\u200E\u200E\u200E' }, 'booking_id'],
    ['a first_name of a zero-width space', { first_name: '\u200B' }, 'first_name'],
    ['a first_name of a Hangul filler', { first_name: '\u3164' }, 'first_name'],
    ['a last_name of a braille blank', { last_name: '\u2800' }, 'last_name'],
    [
      "an entry's external_user_id of a Hangul filler",
      { package_specifications: [makePackageSpecification({ external_user_id: '\u3164' })] },
      'package_specifications.0.external_user_id',
    ],
    ['a right-to-left override in last_name', { last_name: 'Smith\u202Egpj.exe' }, 'last_name'],
    ['a first-strong isolate in full_name', { full_name: 'Ada \u2068Lovelace\u2069' }, 'full_name'],
  ])('refuses %s', (_label, overrides, path) => {
    expect(issuesOf(makeBookingRequest(overrides))).toContain(path);
  });

  it.each([
    ['a lower-case destination', { destination: 'fra' }, 'destination'],
    ['a 4-letter destination', { destination: 'FRAN' }, 'destination'],
    ['an empty destination array', { destination: [] }, 'destination'],
    ['a bad code in a destination array', { destination: ['FRA', 'x1'] }, 'destination'],
    ['a size without unit', { size: '5' }, 'size'],
    ['a size in TB', { size: '1TB' }, 'size'],
    ['a size with a space', { size: '1 GB' }, 'size'],
    ['a size of 21 characters', { size: `${'1'.repeat(19)}GB` }, 'size'],
    ['a size over 1 PB', { size: '1048577GB' }, 'size'],
    ['a blank external_user_id', { external_user_id: '  ' }, 'external_user_id'],
    ['a tab inside external_user_id', { external_user_id: 'dave\tsmith' }, 'external_user_id'],
    ['an unknown package_type', { package_type: 'weekly' }, 'package_type'],
    ['package_duration 0', { package_duration: 0 }, 'package_duration'],
    ['a fractional package_duration', { package_duration: 1.5 }, 'package_duration'],
    ['an unknown esim_type', { esim_type: 'physical' }, 'esim_type'],
    ['a malformed entry email', { email: 'nope' }, 'email'],
    ['an expires_at that is no date', { expires_at: 'soon' }, 'expires_at'],
    ['a malformed iata_code', { iata_code: 'lhr' }, 'iata_code'],
  ])('refuses a package specification with %s', (_label, overrides, field) => {
    const request = makeBookingRequest({ package_specifications: [makePackageSpecification(overrides)] });
    expect(
      issuesOf(request).some((path) => path.startsWith(`package_specifications.0.${field}`) || path === `package_specifications.0.${field}`),
    ).toBe(true);
  });

  it('says return_date must follow the departure_date sent, without the note about a departure left to the server', () => {
    const request = makeBookingRequest({ departure_date: '2026-12-10T10:00:00Z', return_date: '2026-12-01T10:00:00Z' });

    const issue = v.safeParse(BookingRequestSchema, request).issues?.[0];

    expect(issue?.message).toBe('return_date must be after departure_date.');
  });

  it('names iata_code, not destination, when an iata_code is no string', () => {
    const request = makeBookingRequest({ package_specifications: [makePackageSpecification({ iata_code: ['CDG'] })] });

    const issue = v.safeParse(BookingRequestSchema, request).issues?.[0];

    expect(issue?.message).toBe('iata_code must be a string.');
  });

  it('counts lengths in characters, not UTF-16 units: 100 characters outside the BMP are a valid last_name', () => {
    const astral = '\u{20BB7}';

    expect(issuesOf(makeBookingRequest({ last_name: astral.repeat(100), first_name: '😀'.repeat(100) }))).toEqual([]);
    expect(issuesOf(makeBookingRequest({ last_name: astral.repeat(101) }))).toEqual(['last_name']);
    expect(new Set(issuesOf(makeBookingRequest({ booking_id: astral.repeat(2), external_id: astral.repeat(2), locale: astral })))).toEqual(
      new Set(['booking_id', 'external_id', 'locale']),
    );
  });

  it.each([
    ['2027-06-01 10:00', '2027-06-01T10:00'],
    ['2027-06-01T10:00:00+0200', '2027-06-01T10:00:00+02:00'],
    ['2027-06-01t10:00:00.5z', '2027-06-01T10:00:00.5Z'],
    ['2027-06-01', '2027-06-01'],
    ['2027-06-01T10:00:00-05:30', '2027-06-01T10:00:00-05:30'],
  ])('keeps departure_date %s in ISO 8601 extended format as %s', (sent, stored) => {
    const result = v.parse(BookingRequestSchema, makeBookingRequest({ departure_date: sent, return_date: undefined }));

    expect(result.departure_date).toBe(stored);
  });

  it.each(["o'brien@example.ie", 'info@xn--mnchen-3ya.de', 'first.last+tag@sub.example.museum'])('accepts the email address %s', (email) => {
    expect(issuesOf(makeBookingRequest({ email }))).toEqual([]);
  });

  it.each([
    'user@localhost',
    'no-at-sign.example.com',
    'two@@example.com',
    'spa ce@example.com',
    'john..doe@example.com',
    '.john@example.com',
    'john.@example.com',
  ])('refuses the email address %s', (email) => {
    expect(issuesOf(makeBookingRequest({ email }))).toContain('email');
  });

  it('accepts a size of exactly 1 PB and trims the external_user_id', () => {
    const result = v.parse(
      BookingRequestSchema,
      makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '1048576GB', external_user_id: ' dave ' })] }),
    );

    expect(result.package_specifications[0]).toMatchObject({ size: '1048576GB', external_user_id: 'dave' });
  });

  it.each([
    ['email only', { booking_id: undefined }],
    ['booking_id only', { email: undefined }],
    ['a multi-destination trip', { package_specifications: [makePackageSpecification({ destination: ['FRA', 'DE', 'LHR'] })] }],
    [
      'sizes such as 500MB and 1.5GB',
      { package_specifications: [makePackageSpecification({ size: '500MB' }), makePackageSpecification({ size: '1.5GB' })] },
    ],
    ['a date-only departure_date', { departure_date: '2026-12-24', return_date: '2026-12-31' }],
    ['null for the nullable fields', { external_id: null, custom_branding: null, departure_location: null }],
    ['every title, any case', { title: 'PROF.' }],
    ['the known data keys and others', { data: { source: 'app', manual: true, action: 'x', tags: ['a'], extra: 1 } }],
    ['EMAIL as a channel', { communication_options: { should_send_message: true, channels: ['EMAIL'] } }],
    [
      'a classic grant without departure_date',
      { departure_date: undefined, return_date: undefined, package_specifications: [makePackageSpecification({ esim_type: 'classic' })] },
    ],
  ])('accepts %s', (_label, overrides) => {
    expect(issuesOf(makeBookingRequest(overrides))).toEqual([]);
  });

  it.each(['0GB', '0MB', '0.0GB', '00GB', '0.0000001MB', '0.0000009999MB', '0.0000000009GB'])(
    'refuses a size of %s on a package that counts data, and takes it where the size is not read (unlimited, beside a package_id)',
    (size) => {
      // Prepare
      const entry = (overrides: Record<string, unknown>) =>
        makeBookingRequest({ package_specifications: [makePackageSpecification({ size, ...overrides })] });

      // Act
      const dataLimited = issuesOf(entry({}));
      const starter = issuesOf(entry({ package_type: 'starter', package_duration: 2 }));
      const unlimited = issuesOf(entry({ package_type: 'unlimited' }));
      const catalogPackage = issuesOf(entry({ package_id: 'pkg-fra-1gb' }));
      const besideBundle = issuesOf(entry({ bundle_id: 'pkg-fra-1gb-7d' }));

      // Assess
      expect(dataLimited).toEqual(['package_specifications.0.size']);
      expect(starter).toEqual(['package_specifications.0.size']);
      expect(unlimited).toEqual([]);
      expect(catalogPackage).toEqual([]);
      expect(besideBundle).toEqual(['package_specifications.0.size']);
    },
  );

  it.each(['0.000001MB', '0.000000001GB', '0.5MB'])('accepts %s, a size that holds at least a byte', (size) => {
    // Prepare
    const request = makeBookingRequest({ package_specifications: [makePackageSpecification({ size })] });

    // Act
    const issues = issuesOf(request);

    // Assess
    expect(issues).toEqual([]);
  });

  it('normalizes title and gender to the spec spelling', () => {
    const output = v.parse(BookingRequestSchema, makeBookingRequest({ title: 'Dr.', gender: 'f' }));
    expect(output.title).toBe('dr.');
    expect(output.gender).toBe('F');
  });
});

describe('List bookings query schema', () => {
  it('defaults perPage to 10', () => {
    expect(v.parse(ListBookingsQuerySchema, {}).perPage).toBe(10);
  });

  it('turns perPage into a number', () => {
    expect(v.parse(ListBookingsQuerySchema, { perPage: '25' }).perPage).toBe(25);
  });
});
