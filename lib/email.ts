// infrastructure → the SES sender identity, from CDK context: `-c emailFrom=no-reply@mail.example.com`
// (and `-c emailIdentity=mail.example.com` when the verified identity is not the address's domain).
import { Annotations, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export interface EmailSettings {
  from: string;
  /** ARN of the SES identity the functions may send as. */
  identityArn: string;
}

const PLACEHOLDER_FROM = 'no-reply@example.com';

export const emailSettingsFromContext = (scope: Construct): EmailSettings => {
  const from = String(scope.node.tryGetContext('emailFrom') ?? PLACEHOLDER_FROM);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(from)) throw new Error(`-c emailFrom=${from} is not an email address`);
  if (from === PLACEHOLDER_FROM) {
    Annotations.of(scope).addWarningV2('esim:emailFrom', `No -c emailFrom given: emails would be sent from ${PLACEHOLDER_FROM}, which SES refuses.`);
  }
  const identity = String(scope.node.tryGetContext('emailIdentity') ?? from.split('@')[1]);
  const stack = Stack.of(scope);
  return { from, identityArn: stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }) };
};
