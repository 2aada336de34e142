// api docs → the named schemas of the OpenAPI document (`components.schemas`), all valibot schemas of the code.
import { BrandingViewSchema } from '#shared/domain/install/response-schemas';
import * as v from 'valibot';
import {
  BookingResponseSchema,
  PackageQueueResponseSchema,
  PackageSpecificationSchema,
  PaginationMetaSchema,
  PromoCodeResponseSchema,
  UpdatePackageSpecForPromoCodesResponseSchema,
} from '#shared/domain/booking-response-schemas';
import { BookingRequestSchema, PackageSpecificationEntrySchema } from '#shared/domain/booking-schemas';
import { CreateRedirectTokenSchema } from '#shared/domain/redirect-token-schemas';
import { DestinationSchema, PromoPackageSpecificationSchema, UpdatePackageSpecificationSchema } from '#shared/domain/package-schemas';
import { errorCodes, type ErrorCode } from '#shared/errors';
import { webhookEventNames, type WebhookEventName } from '#shared/events/catalog';
import { webhookEventDataSchemas, webhookEnvelopeSchema } from '#shared/events/event-schemas';
import {
  PortalLinkSchema,
  RecoverWebhookDeliveriesSchema,
  RecoveryResultSchema,
  RotateSigningSecretSchema,
  SigningSecretSchema,
  WebhookAttemptSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookHealthSchema,
  WebhookTestEventSchema,
  WebhookTestResultSchema,
} from '#shared/domain/webhook-schemas';

export const ErrorDetailSchema = v.object({
  path: v.pipe(v.string(), v.description('Dot path of the field, e.g. `package_specifications.0.size`; empty for the whole body.')),
  message: v.string(),
});

export const ErrorResponseSchema = v.object({
  success: v.literal(false),
  message: v.pipe(v.string(), v.description('What went wrong and what to do, in plain words.')),
  data: v.strictObject({}),
  error: v.object({
    code: v.pipe(
      v.picklist(Object.keys(errorCodes) as ErrorCode[]),
      v.description(
        'Stable machine-readable code; branch on it, not on the message.\n\n' +
          Object.entries(errorCodes)
            .map(([code, { status, description }]) => `- \`${code}\` (${status}): ${description}`)
            .join('\n'),
      ),
    ),
    details: v.array(ErrorDetailSchema),
  }),
});
export type ErrorResponseOutput = v.InferOutput<typeof ErrorResponseSchema>;

/** `booking.within_cutoff` → `BookingWithinCutoff`. */
export const eventSchemaName = (event: WebhookEventName): string =>
  event
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const eventComponents = Object.fromEntries(
  webhookEventNames.flatMap((event) => [
    [`${eventSchemaName(event)}Data`, webhookEventDataSchemas[event]],
    [`${eventSchemaName(event)}Event`, webhookEnvelopeSchema(event)],
  ]),
) as Record<string, v.GenericSchema>;

/** Name → schema. Any schema used inside another by identity becomes a `$ref` to its name. */
export const componentSchemas: Record<string, v.GenericSchema> = {
  BookingRequest: BookingRequestSchema,
  CreateRedirectTokenRequest: CreateRedirectTokenSchema,
  PackageSpecificationEntry: PackageSpecificationEntrySchema,
  Destination: DestinationSchema,
  UpdatePackageSpecificationRequest: UpdatePackageSpecificationSchema,
  PromoPackageSpecification: PromoPackageSpecificationSchema,
  BookingResponse: BookingResponseSchema,
  PromoCode: PromoCodeResponseSchema,
  PackageQueueEntry: PackageQueueResponseSchema,
  PackageSpecification: PackageSpecificationSchema,
  UpdatePackageSpecForPromoCodesResponse: UpdatePackageSpecForPromoCodesResponseSchema,
  PaginationMeta: PaginationMetaSchema,
  ErrorResponse: ErrorResponseSchema,
  ErrorDetail: ErrorDetailSchema,
  ...eventComponents,
  WebhookTestEvent: WebhookTestEventSchema,
  WebhookEndpoint: WebhookEndpointSchema,
  WebhookHealth: WebhookHealthSchema,
  WebhookEndpointUpdate: WebhookEndpointUpdateSchema,
  RotateSigningSecretRequest: RotateSigningSecretSchema,
  SigningSecret: SigningSecretSchema,
  WebhookTestResult: WebhookTestResultSchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookAttempt: WebhookAttemptSchema,
  RecoverWebhookDeliveriesRequest: RecoverWebhookDeliveriesSchema,
  WebhookRecoveryResult: RecoveryResultSchema,
  PortalLink: PortalLinkSchema,
  Branding: BrandingViewSchema,
};
