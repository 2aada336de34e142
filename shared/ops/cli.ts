// ops → `npm run ops -- <command>`: partners, webhook settings, deliveries, replay, DLQ redrive, catalog.
import { parseArgs } from 'node:util';
import type { CatalogPackage } from '#shared/domain/package-specification';
import { CatalogPackageSchema } from '#shared/domain/booking-schemas';
import { validate } from '#shared/domain/validate';
import { AppError } from '#shared/errors';
import type { WebhookEventName } from '#shared/events/catalog';
import { connectLocal, connectStage, type OpsContext } from '#shared/ops/connection';
import {
  createPartner,
  partnerView,
  requirePartner,
  rotatePartnerSecret,
  updatePartnerProfile,
} from '#shared/usecases/manage-partners';
import { listDeliveries, replayEvent, rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { peekDeadLetters, redriveDeadLetters } from '#shared/webhooks/webhook-queue';

export const usage = `Usage: npm run ops -- <command> [options]   (add --stage <name> for a deployed stage, --json for JSON)

  partner create --name <name>                 create a partner; prints api_key and api_secret once
  partner list                                 list partners
  partner show <partner_id>                    show one partner (never its secrets)
  partner rotate-secret <partner_id>           new API secret; the old one stops working at once
  partner update <partner_id> [--brands a,b] [--cutoff-days 7] [--about-to-depart-hours 2] [--status active|disabled]
  webhook set <partner_id> [--url <https url>] [--auth-header x-api-key] [--auth-prefix "Bearer "]
                           [--subscribe <event>]... [--unsubscribe <event>]...
  webhook rotate-secret <partner_id> [--overlap-minutes N]   new signing secret, printed once
  deliveries list (--event-id <event_id> | --partner <partner_id>) [--limit 50]
  events replay <event_id>                     deliver a recorded event again (new delivery_id)
  dlq list [--limit 100]                       dead-lettered deliveries (partner, event, attempts, reason); nothing is removed
  dlq redrive                                  move dead-lettered deliveries back to the webhook queue
  catalog put --package '<json>'               add or replace a catalog package (id, package_type, size, ...)`;

const options = {
  stage: { type: 'string' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  name: { type: 'string' },
  brands: { type: 'string' },
  'cutoff-days': { type: 'string' },
  'about-to-depart-hours': { type: 'string' },
  status: { type: 'string' },
  url: { type: 'string' },
  'auth-header': { type: 'string' },
  'auth-prefix': { type: 'string' },
  subscribe: { type: 'string', multiple: true },
  unsubscribe: { type: 'string', multiple: true },
  'overlap-minutes': { type: 'string' },
  'event-id': { type: 'string' },
  partner: { type: 'string' },
  limit: { type: 'string' },
  package: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

class UsageError extends Error {}

const wholeNumber = (raw: string | undefined, name: string, minimum: number): number | undefined => {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) throw new UsageError(`--${name} must be a whole number of at least ${minimum}.`);
  return value;
};

const required = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
};

const run = async (ctx: OpsContext, [group, action, subject]: string[], values: Values): Promise<unknown> => {
  const deps = ctx;
  switch (`${group} ${action}`) {
    case 'partner create':
      return createPartner({ name: required(values.name, '--name') }, deps);
    case 'partner list':
      return (await ctx.partners.list()).map((profile) => partnerView(profile));
    case 'partner show':
      return partnerView(await requirePartner(required(subject, '<partner_id>'), deps));
    case 'partner rotate-secret':
      return rotatePartnerSecret(required(subject, '<partner_id>'), deps);
    case 'partner update': {
      const cutoffDays = wholeNumber(values['cutoff-days'], 'cutoff-days', 1);
      const hours = wholeNumber(values['about-to-depart-hours'], 'about-to-depart-hours', 1);
      if (values.status && values.status !== 'active' && values.status !== 'disabled') throw new UsageError('--status is active or disabled.');
      const profile = await updatePartnerProfile(
        required(subject, '<partner_id>'),
        (p) => ({
          ...p,
          brands: values.brands !== undefined ? values.brands.split(',').map((b) => b.trim()).filter(Boolean) : p.brands,
          status: (values.status as typeof p.status | undefined) ?? p.status,
          departure_events: {
            cutoffDays: cutoffDays ?? p.departure_events.cutoffDays,
            aboutToDepartHours: hours ?? p.departure_events.aboutToDepartHours,
          },
        }),
        deps,
      );
      if (values.status) {
        const credentials = await ctx.partners.findByApiKey(profile.api_key);
        if (credentials) await ctx.partners.saveCredentials({ ...credentials, status: profile.status });
      }
      return partnerView(profile);
    }
    case 'webhook set': {
      const events: Partial<Record<WebhookEventName, boolean>> = {};
      for (const name of values.subscribe ?? []) events[name as WebhookEventName] = true;
      for (const name of values.unsubscribe ?? []) events[name as WebhookEventName] = false;
      const profile = await setWebhookSettings(
        required(subject, '<partner_id>'),
        { url: values.url, authHeaderName: values['auth-header'], authHeaderPrefix: values['auth-prefix'], events },
        { ...deps, allowPrivateUrls: ctx.allowPrivateUrls },
      );
      return partnerView(profile).webhook;
    }
    case 'webhook rotate-secret':
      return rotateWebhookSigningSecret(
        required(subject, '<partner_id>'),
        { overlapMinutes: wholeNumber(values['overlap-minutes'], 'overlap-minutes', 0) },
        deps,
      );
    case 'deliveries list':
      return listDeliveries({ eventId: values['event-id'], partnerId: values.partner, limit: wholeNumber(values.limit, 'limit', 1) }, ctx);
    case 'events replay': {
      const event = await replayEvent(required(subject, '<event_id>'), ctx);
      return { replayed: event.event_id, partner_id: event.partner_id, timestamp: event.timestamp };
    }
    case 'dlq list': {
      const { approximateCount, messages } = await peekDeadLetters(ctx.sqs, ctx.queueUrls, wholeNumber(values.limit, 'limit', 1));
      return { approximate_count: approximateCount, messages: messages.map((m) => m.attributes) };
    }
    case 'dlq redrive': {
      const moved = await redriveDeadLetters(ctx.sqs, ctx.queueUrls);
      return { redriven: moved.length, messages: moved.map((m) => m.attributes) };
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
    default:
      throw new UsageError(`Unknown command "${[group, action].filter(Boolean).join(' ')}".`);
  }
};

const human = (value: unknown): string =>
  Array.isArray(value) ? value.map((v) => human(v)).join('\n\n') : typeof value === 'object' && value !== null
    ? Object.entries(value).map(([k, v]) => `${k.padEnd(22)} ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`).join('\n')
    : String(value);

/** Runs one command; returns the exit code. */
export const runOps = async (argv: string[], io: { out: (text: string) => void; err: (text: string) => void; defaultDataDir: string }) => {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    io.out(usage);
    return values.help ? 0 : 2;
  }
  let ctx: OpsContext | undefined;
  try {
    ctx = values.stage ? await connectStage(values.stage) : connectLocal(values['data-dir'] ?? io.defaultDataDir);
    const result = await run(ctx, positionals, values);
    io.out(values.json ? JSON.stringify(result, null, 2) : human(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usage}`);
      return 2;
    }
    io.err(error instanceof AppError || error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    ctx?.close();
  }
};
