// domain events → the webhook event names of the interface spec, below the catalog and the schemas that both use them.

export const webhookEventNames = [
  'package.usage.50_percent',
  'package.usage.80_percent',
  'package.usage.100_percent',
  'esim.installed',
  'esim.removed',
  'package.activated',
  'package.purchased',
  'topup.completed',
  'promo_code.redeemed',
  'classic_package_queue.claimed',
  'booking.within_cutoff',
  'booking.about_to_depart',
] as const;

export type WebhookEventName = (typeof webhookEventNames)[number];
