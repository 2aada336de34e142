import { dataAmount, dayCount, packageSize } from '#shared/domain/data-size';

describe('data sizes in the page language', () => {
  it.each([
    ['en', '1.5GB', '1.5 GB'],
    ['de', '1.5GB', '1,5 GB'],
    ['fr', '1.5GB', '1,5 Go'],
    ['fr', '500MB', '500 Mo'],
    ['es', '20GB', '20 GB'],
    ['en', '1.23456GB', '1.23456 GB'],
    ['de', '1.1234567890123456GB', '1,1234567890123456 GB'],
    ['en', '1500MB', '1,500 MB'],
  ])('names a package size in %s: %s → %s', (language, size, expected) => {
    expect(packageSize(language, size).replace(/\s/g, ' ')).toBe(expected);
  });

  it('leaves a size it cannot read as it is', () => {
    expect(packageSize('fr', 'unlimited')).toBe('unlimited');
  });

  it('counts remaining bytes in GB from one, else in MB', () => {
    expect(dataAmount('fr', 1.25 * 1024 ** 3).replace(/\s/g, ' ')).toBe('1,3 Go');
    expect(dataAmount('en', 50 * 1024 ** 2)).toBe('50 MB');
    expect(dataAmount('en', 500 * 1024 ** 2)).toBe('500 MB');
  });

  it.each([
    ['en', 1, '1\u00a0day'],
    ['en', 30, '30\u00a0days'],
    ['de', 1, '1\u00a0Tag'],
    ['fr', 365, '365\u00a0jours'],
    ['es', 7, '7\u00a0días'],
  ] as const)('counts days in %s, singular or plural, kept with the number: %i → %s', (language, days, expected) => {
    expect(dayCount(language, days)).toBe(expected);
  });
});
