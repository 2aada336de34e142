// ops → `npm run ops -- <command>`: partners, webhook settings, deliveries, replay, DLQ redrive, catalog.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CatalogPackage } from '#shared/domain/package-specification';
import { CatalogPackageSchema, size as PackageSizeSchema } from '#shared/domain/package-schemas';
import { validate } from '#shared/domain/validate';
import { parseOnOff, requiresConfirmationCode } from '#shared/domain/partner';
import { AppError, ConflictError } from '#shared/errors';
import { disableAtOf, healthThresholds } from '#shared/webhooks/endpoint-health';
import type { WebhookEventName } from '#shared/events/catalog';
import { connectTarget, type OpsContext, regionHint, TARGETS_EXCLUDE_EACH_OTHER } from '#bin/ops/connection';
import { createPortalLinkFor } from '#bin/ops/portal-link';
import { runSimulate } from '#bin/ops/simulate';
import { redriveStreamFailures } from '#bin/ops/stream-failures';
import { steps } from '#bin/ops/simulate-steps';
import { createPartner, partnerView, requirePartner, rotatePartnerSecret, updatePartnerProfile } from '#shared/usecases/manage-partners';
import { importCatalog } from '#shared/usecases/catalog';
import { listBrands, removeBrand, setBrand, setDefaultBrand } from '#shared/usecases/manage-brands';
import { listDeliveries, redriveRecovery, replayEvent, rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { createReporterCredentials } from '#shared/usecases/manage-reporters';
import { providerNoticesOf } from '#shared/usecases/download-progress';
import { releasePromoCodeClaim } from '#shared/usecases/promo-codes';
import { peekDeadLetters, redriveDeadLetters } from '#shared/messaging/webhook-queue';
import { emailDeadLetterSummary } from '#shared/events/email-request';
import { busDeadLetterRefusal, busDeadLetterSummary, busEventTarget, streamFailureSummary } from '#shared/events/failure-messages';
import type { DeadLetteredMessage } from '#shared/usecases/ports/webhooks';
import { MAX_RECOVERED_PER_CALL, MAX_SECRET_OVERLAP_MINUTES, RecoverWebhookDeliveriesSchema } from '#shared/domain/webhook-schemas';
import { recoverWebhookDeliveries } from '#shared/usecases/partner-webhooks';
import type { ThrottleCounter } from '#shared/usecases/ports/services';

export const usage = `Usage: npm run ops -- <command> [options]   (add --stage <name> for a deployed stage, --json for JSON;
                                               --port <port> picks a local service when several run)

  partner create --name <name>                 create a partner; prints api_key and api_secret once
  partner list                                 list partners
  partner show <partner_id>                    show one partner (never its secrets)
  partner rotate-secret <partner_id>           new API secret; the old one stops working at once
  partner update <partner_id> [--cutoff-days 7] [--about-to-depart-hours 2] [--status active|disabled]
                           [--confirmation-code on|off]   new eSIMs ask the traveler for a code (ES2+ only)
                           [--default-size 1GB]   size of grants that name none (default 1GB)
  webhook set <partner_id> [--url <https url> | --remove-url] [--auth-header x-api-key] [--auth-prefix "Bearer "]
                           [--subscribe <event>]... [--unsubscribe <event>]... [--alert-email <address>]
                           [--enable | --disable]   disabled: deliveries are held (partner show: health)
  webhook rotate-secret <partner_id> [--overlap-minutes N]   new signing secret, printed once
  portal-link <partner_id>                     a single-use, 5-minute link to the partner's webhook portal page
  deliveries list (--event-id <event_id> | --partner <partner_id>) [--limit 50]
  deliveries recover <partner_id> --since <time> [--until <time>] [--limit 100]
                                               send again each rejected, dead-lettered or held delivery started in
                                               the window and not recovered yet (after webhook set --enable);
                                               more: true → run it again
  events replay <event_id>                     deliver a recorded event again (new delivery_id)
  promo-code unclaim <uuid>                    release a claim by email (a mistyped address): the traveler can claim
                                               again; a redeemed or unclaimed code is refused
  esim notices <iccid> [--limit 20]            what the SM-DP+ reported about the profile for support, newest
                                               first: failed steps, its deletion, points the service does not know
  dlq list [--queue <queue>] [--limit 100]     dead letters, nothing removed: webhook deliveries (partner, event,
                                               attempts, reason), emails (partner, request id, what it is about:
                                               kind, booking, promo code; never the address or content),
                                               bus-targets (events the bus could not queue: partner, event, error)
                                               or stream-failures (batches not published: shard, sequence numbers,
                                               readable_until); <queue> is webhooks (default), emails, bus-targets
                                               or stream-failures
  dlq redrive [--queue <queue>]                move dead letters back to their queue (a bus event to its rule's
                                               queue); stream-failures: read each failed batch back from the table
                                               stream (within 24 h) and publish its events again; exits 1 when some
                                               stayed hidden by another reader (not_moved) or could not be moved
                                               (left_in_place, each with its reason)
  catalog put --package '<json>'               add or replace a catalog package (id, package_type, size, ...)
  catalog import <file>                        import a versioned catalog file (shared/data/catalog/catalog.v1.json); idempotent
  reporter create <network|esim-platform|payments>   credentials for POST /ingest/facts; secret printed once
  brand set <partner_id> <brand_id> --name <name> --primary-color <#rrggbb> [--logo <https url | data:image url>] [--default]
                                               create or replace a brand (AA contrast with white text is required)
  brand list <partner_id>                      the partner's brands; is_default marks the default
  brand remove <partner_id> <brand_id>         remove a brand (bookings can no longer name it)
  brand default <partner_id> (<brand_id> | --none)   the brand pages use when a booking names none
  simulate <step> [--flag value]...            play a traveler's step in the sandbox (simulate --help lists flags):
                                               ${Object.keys(steps).join(', ')}`;

const options = {
  stage: { type: 'string' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  name: { type: 'string' },
  'primary-color': { type: 'string' },
  logo: { type: 'string' },
  default: { type: 'boolean' },
  none: { type: 'boolean' },
  'cutoff-days': { type: 'string' },
  'about-to-depart-hours': { type: 'string' },
  status: { type: 'string' },
  'confirmation-code': { type: 'string' },
  'default-size': { type: 'string' },
  url: { type: 'string' },
  'auth-header': { type: 'string' },
  'auth-prefix': { type: 'string' },
  subscribe: { type: 'string', multiple: true },
  unsubscribe: { type: 'string', multiple: true },
  'overlap-minutes': { type: 'string' },
  'alert-email': { type: 'string' },
  'remove-url': { type: 'boolean' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  'event-id': { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  partner: { type: 'string' },
  limit: { type: 'string' },
  queue: { type: 'string' },
  package: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

class UsageError extends Error {}

/** A command that did part of its work: its result is printed, the warning goes to stderr and the exit code is 1. */
class Unfinished {
  constructor(
    readonly result: unknown,
    readonly warning: string,
  ) {}
}

interface DeadLetterQueueChoice {
  /** `queueUrl`: where a redrive sends a message (none for stream failures, which hold no event). */
  urls: { deadLetterQueueUrl: string; queueUrl?: string | ((message: DeadLetteredMessage) => string | undefined) };
  /** What of a message an operator may see. */
  describe: (message: DeadLetteredMessage) => unknown;
  /** Why a message a redrive leaves in place was not sent on. */
  refusal?: (message: DeadLetteredMessage) => string | undefined;
  recovery?: {
    beforeSend(message: DeadLetteredMessage): Promise<void>;
    markMoved(moved: ReadonlyArray<DeadLetteredMessage>): Promise<number>;
  };
}

/** The dead-letter queue a `dlq` command works on, what of each message it may show, and where a redrive sends it. */
const deadLetterQueue = (queue: string | undefined, ctx: OpsContext): DeadLetterQueueChoice => {
  if (queue === undefined || queue === 'webhooks') {
    // A redriven delivery's event is sent again: its failed deliveries are marked recovered, as a replay marks them.
    return { urls: ctx.queueUrls, describe: (message: DeadLetteredMessage) => message.attributes, recovery: redriveRecovery(ctx) };
  }
  if (queue === 'emails') {
    // An email's body holds its address and the promo codes: only whose it is leaves the queue.
    return { urls: ctx.emailQueueUrls, describe: (message: DeadLetteredMessage) => emailDeadLetterSummary(message.body) };
  }
  if (queue === 'bus-targets') {
    // Each message is the bus event as its rule would have queued it: it goes to that rule's queue, as if EventBridge
    // had delivered it. A webhook event's failed deliveries are marked recovered, as for the webhook queue.
    const targets = { webhookQueue: ctx.queueUrls.queueUrl, emailQueue: ctx.emailQueueUrls.queueUrl };
    const recovery = redriveRecovery(ctx);
    const idsOf = (message: DeadLetteredMessage): { attributes: Record<string, string> } => {
      const { partner_id, event_id, target } = busDeadLetterSummary(message);
      return { attributes: target === 'webhookQueue' && partner_id && event_id ? { partner_id, event_id } : {} };
    };
    return {
      urls: {
        deadLetterQueueUrl: ctx.failureQueueUrls.busTargets,
        // Only what the bus itself dead-lettered goes on: a message without the rule EventBridge names, or whose name
        // and detail disagree, stays (a forged one would otherwise reach a partner signed, or mail anyone).
        queueUrl: (message: DeadLetteredMessage) => {
          const target = busEventTarget(message.body);
          return busDeadLetterRefusal(message) === undefined && target ? targets[target] : undefined;
        },
      },
      describe: busDeadLetterSummary,
      refusal: busDeadLetterRefusal,
      recovery: {
        beforeSend: (message: DeadLetteredMessage) => recovery.beforeSend(idsOf(message)),
        markMoved: (moved: ReadonlyArray<DeadLetteredMessage>) => recovery.markMoved(moved.map(idsOf)),
      },
    };
  }
  if (queue === 'stream-failures') {
    return { urls: { deadLetterQueueUrl: ctx.failureQueueUrls.streamFailures }, describe: streamFailureSummary };
  }
  throw new UsageError('--queue must be webhooks, emails, bus-targets or stream-failures.');
};

/** Support's own calls count against no partner's self-service limit. */
const unthrottled: ThrottleCounter = {
  hit: async ({ now, windowSeconds }) => ({ count: 0, resetsAt: Math.floor(now.getTime() / 1000) + windowSeconds }),
};

const wholeNumber = (raw: string | undefined, name: string, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number | undefined => {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum || value > maximum) {
    throw new UsageError(
      `--${name} must be a whole number of at least ${minimum}${maximum < Number.MAX_SAFE_INTEGER ? ` and at most ${maximum}` : ''}.`,
    );
  }
  return value;
};

const required = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
};

const readJsonFile = (file: string): unknown => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`${file} is not valid JSON.`);
  }
};

const run = async (ctx: OpsContext, [group, action, subject, object]: string[], values: Values): Promise<unknown> => {
  const deps = ctx;
  if (group === 'portal-link') return createPortalLinkFor(ctx, required(action, '<partner_id>'));
  switch (`${group} ${action}`) {
    case 'partner create':
      return createPartner({ name: required(values.name, '--name') }, deps);
    case 'partner list':
      return (await ctx.partners.list()).map((profile) => partnerView(profile));
    case 'partner show': {
      const profile = await requirePartner(required(subject, '<partner_id>'), deps);
      const view = partnerView(profile);
      // A local service's own health periods; a stage's defaults unless WEBHOOK_DISABLE_AFTER_HOURS is set here as on its dispatcher.
      return { ...view, webhook: { ...view.webhook, disable_at: disableAtOf(profile.webhook, healthThresholds(ctx.webhookHealthHours)) } };
    }
    case 'partner rotate-secret':
      return rotatePartnerSecret(required(subject, '<partner_id>'), deps);
    case 'partner update': {
      const cutoffDays = wholeNumber(values['cutoff-days'], 'cutoff-days', 1);
      const hours = wholeNumber(values['about-to-depart-hours'], 'about-to-depart-hours', 1);
      if (values.status && values.status !== 'active' && values.status !== 'disabled') throw new UsageError('--status is active or disabled.');
      const confirmationCode = values['confirmation-code'] === undefined ? undefined : parseOnOff(values['confirmation-code']);
      if (values['confirmation-code'] !== undefined && confirmationCode === undefined) throw new UsageError('--confirmation-code is on or off.');
      const defaultSize = values['default-size'] === undefined ? undefined : validate(PackageSizeSchema, values['default-size']);
      const profile = await updatePartnerProfile(
        required(subject, '<partner_id>'),
        (p) => ({
          ...p,
          status: (values.status as typeof p.status | undefined) ?? p.status,
          departure_events: {
            cutoffDays: cutoffDays ?? p.departure_events.cutoffDays,
            aboutToDepartHours: hours ?? p.departure_events.aboutToDepartHours,
          },
          confirmation_code: confirmationCode ?? requiresConfirmationCode(p),
          ...(defaultSize ? { default_package_size: defaultSize } : {}),
        }),
        deps,
      );
      if (values.status) await ctx.partners.updateCredentials(profile.api_key, { status: profile.status });
      return partnerView(profile);
    }
    case 'webhook set': {
      if (values.enable && values.disable) throw new UsageError('Give --enable or --disable, not both.');
      if (values.url !== undefined && values['remove-url']) throw new UsageError('Give --url or --remove-url, not both.');
      const events: Partial<Record<WebhookEventName, boolean>> = {};
      for (const name of values.subscribe ?? []) events[name as WebhookEventName] = true;
      for (const name of values.unsubscribe ?? []) events[name as WebhookEventName] = false;
      const profile = await setWebhookSettings(
        required(subject, '<partner_id>'),
        {
          url: values['remove-url'] ? null : values.url,
          authHeaderName: values['auth-header'],
          authHeaderPrefix: values['auth-prefix'],
          events,
          alertEmail: values['alert-email'],
          enabled: values.enable ? true : values.disable ? false : undefined,
          disabledReason: 'disabled by support',
        },
        { ...deps, allowPrivateUrls: ctx.allowPrivateUrls },
      );
      return partnerView(profile).webhook;
    }
    case 'webhook rotate-secret':
      return rotateWebhookSigningSecret(
        required(subject, '<partner_id>'),
        { overlapMinutes: wholeNumber(values['overlap-minutes'], 'overlap-minutes', 0, MAX_SECRET_OVERLAP_MINUTES) },
        deps,
      );
    case 'deliveries list': {
      if (values['event-id'] && values.partner) throw new UsageError('Give --event-id or --partner, not both.');
      const deliveries = await listDeliveries(
        { eventId: values['event-id'], partnerId: values.partner, limit: wholeNumber(values.limit, 'limit', 1) },
        ctx,
      );
      return deliveries.length > 0 || values.json ? deliveries : 'No deliveries.';
    }
    case 'deliveries recover': {
      const partnerId = required(subject, '<partner_id>');
      const request = validate(RecoverWebhookDeliveriesSchema, {
        since: required(values.since, '--since <time>'),
        until: values.until,
        limit: wholeNumber(values.limit, 'limit', 1, MAX_RECOVERED_PER_CALL),
      });
      // As the partner's own recovery, in support's words: with no URL or a disabled endpoint every replay would be
      // skipped or held at once while its failed delivery counted as recovered.
      const { webhook } = await requirePartner(partnerId, deps);
      if (!webhook.url) {
        throw new ConflictError('webhook_url_missing', `Partner ${partnerId} has no webhook URL: set one with webhook set --url first.`);
      }
      if (webhook.disabled_at) {
        throw new ConflictError(
          'webhook_endpoint_disabled',
          `Partner ${partnerId}'s webhook endpoint is disabled: enable it (webhook set --enable) first, then recover.`,
        );
      }
      // Support is not held to the partner's 5 calls a minute; each call still sends at most --limit (100).
      return recoverWebhookDeliveries(partnerId, request, { ...deps, throttle: unthrottled });
    }
    case 'promo-code unclaim':
      return releasePromoCodeClaim(required(subject, '<uuid>'), ctx);
    case 'esim notices':
      return providerNoticesOf(required(subject, '<iccid>'), wholeNumber(values.limit, 'limit', 1, 100) ?? 20, ctx);
    case 'events replay': {
      const { event, recovered } = await replayEvent(required(subject, '<event_id>'), ctx);
      return { replayed: event.event_id, partner_id: event.partner_id, timestamp: event.timestamp, deliveries_marked_recovered: recovered };
    }
    case 'dlq list': {
      const { urls, describe } = deadLetterQueue(values.queue, ctx);
      const limit = wholeNumber(values.limit, 'limit', 1) ?? 100;
      const { approximateCount, messages } = await peekDeadLetters(ctx.sqs, urls, limit);
      const unlisted = approximateCount - messages.length;
      return {
        approximate_count: approximateCount,
        ...(unlisted > 0 && {
          note:
            messages.length === limit
              ? `Listed the first ${limit}; pass --limit to see more.`
              : `${unlisted} counted but not listed: another reader holds them hidden for now (a dlq list or redrive ` +
                'running elsewhere, the SQS console), or SQS counted approximately. List again in a few seconds.',
        }),
        messages: messages.map(describe),
      };
    }
    case 'dlq redrive': {
      const { urls, describe, recovery, refusal } = deadLetterQueue(values.queue, ctx);
      const { queueUrl, deadLetterQueueUrl } = urls;
      if (queueUrl === undefined) {
        // A stream failure holds no event, only a batch's position: its records are read back and published again.
        const { recovered, left } = await redriveStreamFailures({ ...ctx.outbox, sqs: ctx.sqs, failureQueueUrl: deadLetterQueueUrl });
        const result = { recovered: recovered.length, batches: recovered, ...(left.length > 0 && { left_in_place: left }) };
        return left.length === 0
          ? result
          : new Unfinished(
              result,
              `${left.length} failed batch(es) left in place, each with its reason (left_in_place); see docs/operations.md "Outbox not published".`,
            );
      }
      const { moved, unroutable, notMoved, inQueueNow } = await redriveDeadLetters(
        ctx.sqs,
        { queueUrl, deadLetterQueueUrl },
        { beforeSend: recovery?.beforeSend },
      );
      const result = {
        redriven: moved.length,
        not_moved: notMoved,
        in_queue_now: inQueueNow,
        ...(recovery && { deliveries_marked_recovered: await recovery.markMoved(moved) }),
        messages: moved.map(describe),
        ...(unroutable.length > 0 && {
          left_in_place: unroutable.map((message) => ({ ...(describe(message) as object), reason: refusal?.(message) ?? 'no queue fits it' })),
        }),
      };
      const warnings = [
        notMoved > 0 &&
          `${notMoved} of the dead letters present at the start were not moved: another reader (a dlq list or redrive ` +
            'elsewhere, the SQS console) held them hidden longer than the redrive waited. Run dlq redrive again.',
        unroutable.length > 0 &&
          `${unroutable.length} left in place, each with its reason (left_in_place). Read them with dlq list; delete what is understood with the AWS CLI.`,
      ].filter((warning): warning is string => typeof warning === 'string');
      return warnings.length === 0 ? result : new Unfinished(result, warnings.join('\n'));
    }
    case 'catalog put': {
      let raw: unknown;
      try {
        raw = JSON.parse(required(values.package, '--package'));
      } catch {
        throw new UsageError('--package must be JSON.');
      }
      const pkg: CatalogPackage = validate(CatalogPackageSchema, raw);
      await ctx.catalog.putPackage(pkg);
      return { stored: pkg.id };
    }
    case 'catalog import':
      return importCatalog(readJsonFile(required(subject, '<file>')), ctx);
    case 'reporter create':
      return createReporterCredentials(required(subject, '<reporter>'), ctx);
    case 'brand set': {
      const settings = {
        brand_id: required(object, '<brand_id>'),
        name: required(values.name, '--name'),
        primary_color: required(values['primary-color'], '--primary-color'),
        logo: values.logo ?? null,
      };
      return setBrand({ partnerId: required(subject, '<partner_id>'), settings, makeDefault: values.default }, deps);
    }
    case 'brand list':
      return listBrands(required(subject, '<partner_id>'), deps);
    case 'brand remove':
      return removeBrand({ partnerId: required(subject, '<partner_id>'), brandId: required(object, '<brand_id>') }, deps);
    case 'brand default': {
      if (!object && !values.none) throw new UsageError('Name a <brand_id>, or pass --none to clear the default.');
      return setDefaultBrand({ partnerId: required(subject, '<partner_id>'), brandId: values.none ? null : (object ?? null) }, deps);
    }
    default:
      throw new UsageError(`Unknown command "${[group, action].filter(Boolean).join(' ')}".`);
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Plain text: one `field value` line each, records of a list apart by a blank line; a field that holds a list of
 * records (a dead-letter queue's messages, a delivery's attempts) gets a line per record, indented, so a hundred of
 * them read down the screen rather than along one line.
 */
export const human = (value: unknown): string =>
  Array.isArray(value)
    ? value.map((v) => human(v)).join('\n\n')
    : isRecord(value)
      ? Object.entries(value)
          .map(([k, v]) =>
            Array.isArray(v) && v.length > 0 && v.every(isRecord)
              ? [k, ...v.map((item) => `  ${JSON.stringify(item)}`)].join('\n')
              : `${k.padEnd(22)} ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`,
          )
          .join('\n')
      : String(value);

/** The first word of the command, skipping options given before it (`--stage dev simulate ...`). */
const commandOf = (argv: readonly string[]): { command?: string; rest: string[] } => {
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i]!;
    if (!token.startsWith('-')) return { command: token, rest: [...argv.slice(i + 1), ...argv.slice(0, i)] };
    if (token === '--stage' || token === '--data-dir' || token === '--port') i += 1;
  }
  return { rest: [...argv] };
};

/** Runs one command; returns the exit code. */
export const runOps = async (argv: string[], io: { out: (text: string) => void; err: (text: string) => void; defaultDataDir: string }) => {
  const { command, rest } = commandOf(argv);
  // simulate has its own flags per step, so it parses its arguments itself.
  if (command === 'simulate') return runSimulate(rest, io);
  const parse = () => parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    io.out(usage);
    return values.help ? 0 : 2;
  }
  if (values.stage !== undefined && values.port !== undefined) {
    io.err(`${TARGETS_EXCLUDE_EACH_OTHER}\n\n${usage}`);
    return 2;
  }
  let ctx: OpsContext | undefined;
  try {
    ctx = await connectTarget({ stage: values.stage, localRoot: values['data-dir'] ?? io.defaultDataDir, port: values.port });
    const outcome = await run(ctx, positionals, values);
    const result = outcome instanceof Unfinished ? outcome.result : outcome;
    io.out(values.json ? JSON.stringify(result, null, 2) : human(result));
    if (outcome instanceof Unfinished) {
      io.err(outcome.warning);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usage}`);
      return 2;
    }
    const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
    // The SDK's own words when no AWS configuration is found say nothing of how to give one.
    const hint = values.stage ? regionHint(message) : '';
    io.err(`${message}${hint}`);
    return 1;
  } finally {
    ctx?.close();
  }
};
