// ops → the names the ops CLI needs from a deployed stage; the stack declares them as outputs under these keys.
export const opsOutputKeys = {
  tableName: 'TableName',
  secretKeyId: 'SecretKeyId',
  webhookQueueUrl: 'WebhookQueueUrl',
  webhookDeadLetterQueueUrl: 'WebhookDeadLetterQueueUrl',
} as const;

export type OpsOutputs = Record<keyof typeof opsOutputKeys, string>;
