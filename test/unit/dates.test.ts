// tests → ISO 8601 date-times as decision 13 reads them: the extended format and its common spellings, one instant each.
import { extendedIsoDateTime, parseIsoDateTime } from '#shared/domain/dates';

describe('ISO 8601 date-times', () => {
  it.each([
    ['2027-01-10T10:00:00+01:00', '2027-01-10T10:00:00+01:00'],
    ['2027-01-10 10:00+0100', '2027-01-10T10:00+01:00'],
    ['2027-01-10T10:00:00+01', '2027-01-10T10:00:00+01:00'],
    ['2027-01-10T10:00:00,5Z', '2027-01-10T10:00:00.5Z'],
    ['2027-01-10t10:00:00z', '2027-01-10T10:00:00Z'],
  ])('reads %s as the one instant of %s, answered in the extended format', (sent, extended) => {
    expect(extendedIsoDateTime(sent)).toBe(extended);
    expect(parseIsoDateTime(sent)?.instant.toISOString()).toBe(new Date(extended).toISOString());
    expect(parseIsoDateTime(sent)?.precise).toBe(true);
  });

  it.each([
    '2027-01-10T10:00:00+1',
    '2027-01-10T10:00:00+01:0',
    '2027-02-30',
    '2027-01-10T24:00',
    '20270110T100000Z',
    // Instants outside years 1 to 9999, which sort before every stored time once written out.
    '9999-12-31T23:59:59-23',
    '0000-01-01T00:00:00+23:00',
  ])('refuses %s', (sent) => {
    expect(parseIsoDateTime(sent)).toBeUndefined();
  });

  it('reads a date without time or zone as UTC midnight, imprecise', () => {
    expect(parseIsoDateTime('2027-01-10')).toEqual({ instant: new Date('2027-01-10T00:00:00Z'), precise: false });
  });
});
