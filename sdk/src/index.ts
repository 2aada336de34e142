// sdk → the public surface of @esim-booking/sdk.
export {
  createEsimBookingClient,
  type Booking,
  type BookingRequest,
  type ClientOptions,
  type CreateRedirectTokenRequest,
  type EsimBookingClient,
  type PaginationMeta,
  type PromoCodeDetail,
  type RedirectToken,
  type SigningSecret,
  type WebhookDelivery,
  type WebhookDeliveryFilter,
  type WebhookEndpoint,
  type WebhookEndpointUpdate,
  type WebhookRecoveryResult,
  type WebhookTestResult,
} from './client.ts';
export type {
  Branding,
  ClassicGrant,
  ClassicGrantClaim,
  CompatibleDevices,
  DeviceCheckRequest,
  DeviceCompatibility,
  InstallInstructions,
  InstallInstructionsRequest,
  InstructionsFormat,
  PackageRedemption,
  RedeemPackageRequest,
  UserDashboard,
} from './native.ts';
export type { DestinationBundleResponse, DestinationDetailResponse, DestinationResponse, LanguageOptions } from './catalog.ts';
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ValidationError,
  type ErrorCode,
  type ErrorDetail,
} from './errors.ts';
export { signRequest, signingString, testSignatureHeaders, WebhookSignatureError, type WebhookSignatureProblem } from './signing.ts';
export { verifyWebhook, type VerifyWebhookOptions, type WebhookEvent, type WebhookEventName, type WebhookHeaders } from './webhooks.ts';
export type { components, paths } from './schema.js';
