// domain → the POST /redirect-tokens/create body: `external_user_id` or `email` (the id wins when both come).
import * as v from 'valibot';
import { emailAddress, externalUserIdField } from '#shared/domain/schema-fields';

/** The spec: "external_user_id wins when both are sent", so an email beside an id is not read, nor refused. */
const emailOnlyWithoutId = (body: unknown): unknown => {
  const members = body as Record<string, unknown> | null;
  return members?.external_user_id == null ? body : { ...members, email: undefined };
};

export const CreateRedirectTokenSchema = v.pipe(
  v.unknown(),
  v.transform(emailOnlyWithoutId),
  v.object(
    {
      external_user_id: v.nullish(externalUserIdField()),
      email: v.nullish(emailAddress('email')),
    },
    'The body must be a JSON object.',
  ),
  v.check((body) => Boolean(body.external_user_id || body.email), 'Send external_user_id or email.'),
);
export type CreateRedirectTokenInput = v.InferInput<typeof CreateRedirectTokenSchema>;
export type CreateRedirectTokenOutput = v.InferOutput<typeof CreateRedirectTokenSchema>;
