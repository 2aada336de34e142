// composition → the SQS client, created once per function instance (module scope).
import { SQSClient } from '@aws-sdk/client-sqs';
import * as config from '#shared/config';

export const sqsClient = new SQSClient({ endpoint: config.sqsEndpoint() });
