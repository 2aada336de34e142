// bundling stand-in → replaces @smithy/core/event-streams in function bundles (lib/bundling.ts). The SDK loads it only
// for operations with event streams (HttpProtocol.loadEventStreamCapability); none of the operations our functions
// call (DynamoDB, KMS, SQS, EventBridge, SES SendEmail) has one, and it is about 15 KiB of every bundle.
const unavailable = (): never => {
  throw new Error('Event streams are not bundled in this function (lib/bundling.ts lambdaAliases)');
};

export const EventStreamSerde = unavailable;
export const eventStreamSerdeProvider = unavailable;
