// The web app names one of the traveler's eSIMs in a link by a reference sealed with the session, never by its ICCID
// (issue 8: no traveler data in URLs).
import { esimReference, iccidOfReference } from '#shared/web/esim-reference';

const makeSessionId = (seed: string) => seed.repeat(43).slice(0, 43);
const ICCID = '8988247000000000017';

describe('eSIM references in web app links', () => {
  it('carries no ICCID digits, and the session that made it reads the ICCID back', () => {
    // Prepare
    const session = makeSessionId('a');

    // Act
    const reference = esimReference(session, ICCID);

    // Assess
    expect(reference).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(reference).not.toContain(ICCID);
    expect(reference).not.toContain(ICCID.slice(-8));
    expect(iccidOfReference(session, reference)).toBe(ICCID);
  });

  it('names nothing in another session, nor once altered, nor when made up', () => {
    // Prepare
    const reference = esimReference(makeSessionId('a'), ICCID);
    const last = reference.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${reference.slice(0, -2)}${last}${reference.at(-1)}`;

    // Act
    const read = [
      iccidOfReference(makeSessionId('b'), reference),
      iccidOfReference(makeSessionId('a'), altered),
      iccidOfReference(makeSessionId('a'), ICCID),
      iccidOfReference(makeSessionId('a'), 'x'.repeat(64)),
    ];

    // Assess
    expect(read).toEqual([undefined, undefined, undefined, undefined]);
  });
});
