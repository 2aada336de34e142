// benchmark → event → webhook on the local pipeline: from a booking's committed write to its webhook at a receiver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalRuntime } from '#bin/local/runtime';
import { createPartner } from '#shared/usecases/manage-partners';
import { setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { percentile, type Row } from '#test/bench/measure';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';

/** The target of the issue: the local pipeline shows what the deployed one does. */
const TARGET_P50_MS = 50;

export const eventToWebhook = async (runtime: LocalRuntime, { events }: { events: number }): Promise<Row[]> => {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrivedAt = performance.now();
      res.end();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { booking_id: string } };
      arrivals.set(data.booking_id, arrivedAt);
      waiting.get(data.booking_id)?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const partner = await createPartner({ name: 'Bench events' }, runtime.admin);
    await setWebhookSettings(
      partner.partner_id,
      { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` },
      { ...runtime.admin, allowPrivateUrls: true },
    );
    const client = signedClient(runtime.url, partner);
    const latencies: number[] = [];
    for (let i = 0; i < events; i += 1) {
      // Departing in 3 days: inside the 7-day cutoff, so booking.within_cutoff is written with the booking.
      const response = await client.send('POST', '/bookings', {
        body: makeBookingRequest({ departure_date: inDays(3), return_date: inDays(10), package_specifications: [makePackageSpecification()] }),
      });
      const committedAt = performance.now();
      const id = response.body.data[0].id as string;
      if (!arrivals.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
      latencies.push(arrivals.get(id)! - committedAt);
      waiting.delete(id);
    }
    return [
      {
        figure: 'event → webhook p50 (from the answer to POST /bookings)',
        value: percentile(latencies, 50),
        reference: TARGET_P50_MS,
        referenceName: 'target',
        unit: 'ms',
        target: { max: 1 },
      },
    ];
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
};
