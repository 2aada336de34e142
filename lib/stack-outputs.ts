// ops → the stack names of a stage and the outputs the ops CLI needs from them (kept free of CDK imports: the CLI
// loads this file).

/** The stacks of a stage, in deployment order, by the part of the stack name after the stage. */
export const stackParts = ['Data', 'Pipeline', 'Api', 'Monitoring'] as const;
export type StackPart = (typeof stackParts)[number];

export const stackNameOf = (stageName: string, part: StackPart): string => `EsimBooking-${stageName}-${part}`;

export const opsOutputs = {
  tableName: { stack: 'Data', key: 'TableName' },
  secretKeyId: { stack: 'Data', key: 'SecretKeyId' },
  webhookQueueUrl: { stack: 'Pipeline', key: 'WebhookQueueUrl' },
  webhookDeadLetterQueueUrl: { stack: 'Pipeline', key: 'WebhookDeadLetterQueueUrl' },
  emailQueueUrl: { stack: 'Pipeline', key: 'EmailQueueUrl' },
  emailDeadLetterQueueUrl: { stack: 'Pipeline', key: 'EmailDeadLetterQueueUrl' },
  streamFailureQueueUrl: { stack: 'Pipeline', key: 'StreamFailureQueueUrl' },
  eventTargetDeadLetterQueueUrl: { stack: 'Pipeline', key: 'EventTargetDeadLetterQueueUrl' },
  eventBusName: { stack: 'Pipeline', key: 'EventBusName' },
} as const satisfies Record<string, { stack: StackPart; key: string }>;

/** The API's base URL (ends in /api/), an output of the API stack; `ops simulate --stage` calls it. */
export const apiUrlOutput = { stack: 'Api', key: 'ApiUrl' } as const;
export const apiUrlOutputKey = apiUrlOutput.key;

export type OpsOutputs = Record<keyof typeof opsOutputs, string>;
