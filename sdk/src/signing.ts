// sdk → request signing and webhook verification: the service's own modules, bundled into the SDK build,
// so partners sign and verify with exactly the code the service checks them with.
export { signingString, signRequest, type SignedRequestParts } from '../../shared/auth/request-signing.ts';
export {
  defaultToleranceSeconds,
  signatureHeaderValue,
  testSignatureHeaders,
  verifyWebhookSignature,
  webhookHeaders,
  WebhookSignatureError,
  type WebhookSignatureProblem,
} from '../../shared/webhooks/signing.ts';
