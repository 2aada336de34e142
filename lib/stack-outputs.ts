// ops → the names the ops CLI needs from a deployed stage; the stack declares them as outputs under these keys.
export const opsOutputKeys = {
  tableName: 'TableName',
  secretKeyId: 'SecretKeyId',
  webhookQueueUrl: 'WebhookQueueUrl',
  webhookDeadLetterQueueUrl: 'WebhookDeadLetterQueueUrl',
  emailQueueUrl: 'EmailQueueUrl',
  emailDeadLetterQueueUrl: 'EmailDeadLetterQueueUrl',
} as const;

/** The API's base URL (ends in /api/); the API construct declares it, `ops simulate --stage` calls it. */
export const apiUrlOutputKey = 'ApiUrl';

export type OpsOutputs = Record<keyof typeof opsOutputKeys, string>;
