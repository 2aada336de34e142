// The ES2+ notification's body schema: a timestamp must be a moment of the calendar, not only of the right form.
import * as v from 'valibot';
import { HandleDownloadProgressInfoSchema } from '#shared/providers/es2plus/messages';

/** A point 4 notification as an SM-DP+ sends it, with the given timestamp. */
const notification = (timestamp: string) => ({
  header: { functionRequesterIdentifier: 'smdp.example.com', functionCallIdentifier: 'call-1' },
  iccid: '8988276978157429574',
  profileType: 'travel-data',
  timestamp,
  notificationPointId: 4,
  notificationPointStatus: { status: 'Executed-Success' },
});

describe('ES2+ handleDownloadProgressInfo body', () => {
  it.each(['2026-11-27T10:15:00Z', '2026-11-27T10:15:00.123+01:00', '2028-02-29T00:00:00Z'])('takes the timestamp %s', (timestamp) => {
    expect(v.safeParse(HandleDownloadProgressInfoSchema, notification(timestamp)).success).toBe(true);
  });

  it.each(['2026-02-30T00:00:00Z', '2026-02-29T00:00:00Z', '2026-04-31T12:00:00Z', '2026-11-27T24:00:00Z', '2026-11-27'])(
    'refuses the timestamp %s, which names no moment of the calendar, as an invalid body',
    (timestamp) => {
      // Act
      const result = v.safeParse(HandleDownloadProgressInfoSchema, notification(timestamp));

      // Assess
      expect(result.success).toBe(false);
      expect(new Set(result.issues?.map((issue) => v.getDotPath(issue)))).toEqual(new Set(['timestamp']));
    },
  );
});
