// cost model → docs/cost.md's tables, computed from the units measured per request (docs/benchmarks.md, "Capacity
// per request"), the traffic a booking brings (an assumption) and AWS list prices. `npm run bench:cost` prints the
// tables; a unit test holds docs/cost.md to them, so the page and its arithmetic cannot drift apart.

/** AWS list prices, us-east-1, on-demand, as published in 2025 (docs/cost.md says what was and was not re-read). */
export const prices = {
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  dynamoStoragePerGbMonth: 0.25,
  pointInTimeRecoveryPerGbMonth: 0.2,
  lambdaPerMillionRequests: 0.2,
  lambdaPerGbSecond: 0.0000133334,
  /** REST API tiers: the first 333 million requests of a month, the next 667 million, beyond. */
  apiGatewayTiers: [
    { millions: 333, perMillion: 3.5 },
    { millions: 667, perMillion: 2.8 },
    { millions: Number.POSITIVE_INFINITY, perMillion: 2.38 },
  ],
  wafPerAcl: 5,
  wafPerRule: 1,
  wafPerMillionRequests: 0.6,
  eventBridgePerMillion: 1,
  sqsPerMillion: 0.4,
  kmsPerKey: 1,
  kmsPerTenThousand: 0.03,
  secretsManagerPerSecret: 0.4,
  sesPerThousand: 0.1,
  logsIngestPerGb: 0.5,
  logsStoragePerGbMonth: 0.03,
  alarm: 0.1,
  customMetric: 0.3,
  dashboard: 3,
  xrayPerMillionTraces: 5,
  xrayFreeTraces: 100_000,
};

/** What the production stage deploys (counted in its synthesized templates) and how it is configured. */
export const deployment = {
  alarms: 159,
  /** CloudWatch bills an alarm per metric it reads: a metric-math alarm counts each metric of its expression. */
  alarmMetrics: 169,
  customMetrics: 20,
  dashboards: 1,
  /** Two rate rules and three managed rule groups. */
  wafRules: 5,
  /** The partner-secret key and the traveler-token key. */
  kmsKeys: 2,
  /** The provider's credentials, read once per execution environment. */
  secrets: 1,
  /** The webhook and email queues; each is long-polled by Lambda's pollers (about 5, a call per 20 s) when idle too. */
  polledQueues: 2,
  idlePollsPerQueueMonth: 5 * 3 * 60 * 24 * 30,
  lambdaMemoryGb: 0.5,
  logRetentionMonths: 12,
  /** X-Ray's default rule: the first request each second, then 5 % of the rest. */
  xrayReservoirPerSecond: 1,
  xrayRate: 0.05,
  /**
   * The publisher's stream mapping waits for no batch (no batching window): each poll of a shard, about four a second,
   * hands over what is there, which at these volumes is about one outbox record, so it is counted as one invocation
   * per record (an upper bound) rather than by its batch size of 100.
   */
  publisherBatchingWindowSeconds: 0,
};

/** How a booking's traffic is counted: measured units and log bytes per request (or event) and how often it happens. */
export interface TrafficRow {
  what: string;
  perBooking: number;
  writeUnits: number;
  readUnits: number;
  /** Our own log lines (at INFO only the embedded-metric lines). */
  logBytes: number;
  /** A partner or traveler request through API Gateway (else a background invocation). */
  apiRequest: boolean;
  /** Where the figures come from when they are not the capacity table's own row. */
  note?: string;
}

/** Units per request from the capacity table of 2026-11-27; frequencies per booking are the assumption. */
export const trafficPerBooking: readonly TrafficRow[] = [
  { what: '`POST /bookings` without `Idempotency-Key`', perBooking: 0.5, writeUnits: 24, readUnits: 2, logBytes: 275, apiRequest: true },
  { what: '`POST /bookings` with `Idempotency-Key`', perBooking: 0.5, writeUnits: 20, readUnits: 1, logBytes: 237, apiRequest: true },
  { what: '`GET /bookings/{id}`', perBooking: 2, writeUnits: 1, readUnits: 2, logBytes: 0, apiRequest: true },
  { what: '`GET /bookings` (page of 10)', perBooking: 0.5, writeUnits: 1, readUnits: 18, logBytes: 0, apiRequest: true },
  { what: 'Package specification update', perBooking: 0.1, writeUnits: 1, readUnits: 3, logBytes: 13, apiRequest: true },
  { what: '`DELETE /bookings/{id}`', perBooking: 0.05, writeUnits: 15, readUnits: 2, logBytes: 14, apiRequest: true },
  {
    what: '`GET /native/user-dashboard` (install steps and web pages alike)',
    perBooking: 3,
    writeUnits: 1,
    readUnits: 4,
    logBytes: 0,
    apiRequest: true,
  },
  { what: '`POST /native/redeem-package`', perBooking: 1, writeUnits: 19, readUnits: 4, logBytes: 158, apiRequest: true },
  {
    what: 'Provider facts (install, activation, three usage thresholds)',
    perBooking: 5,
    writeUnits: 19,
    readUnits: 4,
    logBytes: 158,
    apiRequest: true,
    note: 'units as a redemption (one lifecycle transaction), not measured separately',
  },
  {
    what: 'Webhook deliveries (two departure events, redemption, install, activation, three usage thresholds)',
    perBooking: 8,
    writeUnits: 7,
    readUnits: 1,
    logBytes: 300,
    apiRequest: false,
    note: 'measured; log bytes: its metric line, which the benchmark does not attribute',
  },
  {
    what: 'Sweeper, departure events',
    perBooking: 2,
    writeUnits: 12,
    readUnits: 3.3,
    logBytes: 0,
    apiRequest: false,
    note: 'measured; its `esim_installed` reads the traveler (F16)',
  },
  {
    what: 'Sweeper, package schedules',
    perBooking: 2,
    writeUnits: 12,
    readUnits: 1.3,
    logBytes: 0,
    apiRequest: false,
    note: 'measured on 2026-11-25: a departure event without the traveler read',
  },
];

/** Outside the table: one confirmation email, and the events the bus carries to the two queues. */
export const emailsPerBooking = 1;
/** Every webhook event and the email request pass the bus once and become one queue message each. */
export const busEventsPerBooking = trafficPerBooking.find((row) => row.what.startsWith('Webhook deliveries'))!.perBooking + emailsPerBooking;
/** A queue message costs a send (by EventBridge), a receive and a delete (by Lambda's poller). */
const sqsRequestsPerMessage = 3;
/** Outbox records per publisher invocation: one, as no batching window gathers them (see `deployment`). */
const recordsPerPublisherInvocation = 1;
/** Lambda START, END and REPORT lines with the trace id, and the gateway's JSON access log line. */
const lambdaLogBytesPerInvocation = 430;
const accessLogBytesPerRequest = 420;
/** Billed duration per invocation at 512 MB: the local p50 is 5–16 ms; the margin covers AWS round trips and cold starts. */
const billedSecondsPerInvocation = 0.025;
/** A booking and what it derives, index copies included (docs/data-model.md); events are kept, so it accumulates. */
const storedBytesPerBooking = 15_000;
const storedMonths = 12;
/** Partner secrets and token keys are cached per execution environment: KMS is called on cold starts only. */
const kmsRequestsPerBooking = 0.01;
const secondsPerMonth = 30 * 24 * 3600;

const sum = (pick: (row: TrafficRow) => number) => trafficPerBooking.reduce((total, row) => total + row.perBooking * pick(row), 0);

/** What one booking brings, summed over its traffic. */
export const perBooking = () => {
  const apiRequests = sum((row) => (row.apiRequest ? 1 : 0));
  const deliveries = sum((row) => (row.what.startsWith('Webhook deliveries') ? 1 : 0));
  const invocations = apiRequests + deliveries + busEventsPerBooking / recordsPerPublisherInvocation + emailsPerBooking;
  const logBytes = sum((row) => row.logBytes) + invocations * lambdaLogBytesPerInvocation + apiRequests * accessLogBytesPerRequest;
  return { apiRequests, invocations, writeUnits: sum((row) => row.writeUnits), readUnits: sum((row) => row.readUnits), logBytes };
};

const apiGateway = (millions: number): number => {
  let left = millions;
  let cost = 0;
  for (const tier of prices.apiGatewayTiers) {
    const inTier = Math.min(left, tier.millions);
    cost += inTier * tier.perMillion;
    left -= inTier;
  }
  return cost;
};

/** Monthly cost by line at a volume of bookings a month (storage and stored logs after 12 months of it). */
export const monthlyCost = (bookings: number): Array<{ line: string; dollars: number }> => {
  const booking = perBooking();
  const millions = (perBookingCount: number) => (perBookingCount * bookings) / 1e6;
  const invocations = millions(booking.invocations) * 1e6;
  const logGb = (booking.logBytes * bookings) / 1e9;
  const sampledTraces = Math.min(invocations, deployment.xrayReservoirPerSecond * secondsPerMonth);
  const traces = sampledTraces + (invocations - sampledTraces) * deployment.xrayRate;
  return [
    {
      line: 'DynamoDB requests',
      dollars: millions(booking.writeUnits) * prices.dynamoWritePerMillion + millions(booking.readUnits) * prices.dynamoReadPerMillion,
    },
    {
      line: `DynamoDB storage + PITR (after ${storedMonths} months of that volume)`,
      dollars: ((storedBytesPerBooking * bookings * storedMonths) / 1e9) * (prices.dynamoStoragePerGbMonth + prices.pointInTimeRecoveryPerGbMonth),
    },
    { line: 'API Gateway (REST)', dollars: apiGateway(millions(booking.apiRequests)) },
    {
      line: 'WAF',
      dollars: prices.wafPerAcl + deployment.wafRules * prices.wafPerRule + millions(booking.apiRequests) * prices.wafPerMillionRequests,
    },
    {
      line: 'Lambda requests + duration',
      dollars:
        (invocations / 1e6) * prices.lambdaPerMillionRequests +
        invocations * billedSecondsPerInvocation * deployment.lambdaMemoryGb * prices.lambdaPerGbSecond,
    },
    {
      line: `CloudWatch Logs (ingested, and ${deployment.logRetentionMonths} months kept)`,
      dollars: logGb * prices.logsIngestPerGb + logGb * deployment.logRetentionMonths * prices.logsStoragePerGbMonth,
    },
    {
      line: 'X-Ray (1 a second, then 5 % sampled)',
      dollars: (Math.max(0, traces - prices.xrayFreeTraces) / 1e6) * prices.xrayPerMillionTraces,
    },
    {
      line: `CloudWatch alarms (${deployment.alarms}, reading ${deployment.alarmMetrics} metrics), metrics (${deployment.customMetrics}), dashboard`,
      dollars: deployment.alarmMetrics * prices.alarm + deployment.customMetrics * prices.customMetric + deployment.dashboards * prices.dashboard,
    },
    { line: 'EventBridge', dollars: millions(busEventsPerBooking) * prices.eventBridgePerMillion },
    {
      line: 'SQS (messages, and idle long polls)',
      dollars:
        (millions(busEventsPerBooking * sqsRequestsPerMessage) + (deployment.polledQueues * deployment.idlePollsPerQueueMonth) / 1e6) *
        prices.sqsPerMillion,
    },
    { line: 'SES', dollars: ((emailsPerBooking * bookings) / 1000) * prices.sesPerThousand },
    {
      line: 'KMS',
      dollars: deployment.kmsKeys * prices.kmsPerKey + ((kmsRequestsPerBooking * bookings) / 10_000) * prices.kmsPerTenThousand,
    },
    { line: 'Secrets Manager', dollars: deployment.secrets * prices.secretsManagerPerSecret },
  ];
};

export const volumes = [
  { label: '10 thousand bookings', bookings: 10_000 },
  { label: '1 million', bookings: 1_000_000 },
  { label: '100 million', bookings: 100_000_000 },
];

const dollars = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const figure = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The blocks docs/cost.md shows, in its words: the traffic table, the per-booking sums, the monthly table, the ranking. */
export const costBlocks = (): string[] => {
  const booking = perBooking();
  const traffic = [
    '| What | Per booking | Write units | Read units | Our log bytes | Figures |',
    '|---|---|---|---|---|---|',
    ...trafficPerBooking.map(
      (row) =>
        `| ${row.what} | ${figure(row.perBooking)} | ${figure(row.writeUnits)} | ${figure(row.readUnits)} | ${row.logBytes} | ${row.note ?? 'measured'} |`,
    ),
    `| Confirmation emails | ${emailsPerBooking} | – | – | – | – |`,
  ].join('\n');
  const sums =
    `Per booking: ${figure(booking.apiRequests)} API requests, ${figure(booking.invocations)} Lambda invocations, ` +
    `${figure(busEventsPerBooking)} bus events and queue messages, ${figure(booking.writeUnits)} write and ` +
    `${figure(booking.readUnits)} read request units, ${figure(booking.logBytes / 1000)} KB of logs.`;
  const costs = volumes.map(({ bookings }) => monthlyCost(bookings));
  const totals = costs.map((lines) => lines.reduce((total, { dollars }) => total + dollars, 0));
  const monthly = [
    `| Cost | ${volumes.map((volume) => volume.label).join(' | ')} |`,
    `|---|${volumes.map(() => '---').join('|')}|`,
    ...costs[0]!.map(({ line }, at) => `| ${line} | ${costs.map((lines) => dollars(lines[at]!.dollars)).join(' | ')} |`),
    `| **Total** | ${totals.map((total) => `**${dollars(total)}**`).join(' | ')} |`,
  ].join('\n');
  const perBookingCost = `Per booking: ${volumes
    .map(({ label, bookings }, at) => `$${(totals[at]! / bookings).toPrecision(2)} at ${label}`)
    .join(', ')} a month.`;
  const largest = costs[2]!
    .map(({ line, dollars }) => ({ line, share: dollars / totals[2]! }))
    .sort((a, b) => b.share - a.share)
    .slice(0, 3);
  const ranking = `The three largest at 100 million: ${largest.map(({ line, share }) => `${line} ${Math.round(share * 100)} %`).join(', ')}.`;
  return [traffic, sums, monthly, perBookingCost, ranking];
};

if (import.meta.url === `file://${process.argv[1]}`) console.log(costBlocks().join('\n\n'));
