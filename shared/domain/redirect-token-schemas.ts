// domain → the POST /redirect-tokens/create body: `external_user_id` or `email` (the id wins when both come).
import * as v from 'valibot';
import { externalUserIdField } from '#shared/domain/schema-fields';

export const CreateRedirectTokenSchema = v.pipe(
  v.object(
    {
      external_user_id: v.nullish(externalUserIdField()),
      email: v.nullish(
        v.pipe(
          v.string('email must be a string.'),
          v.trim(),
          v.maxLength(254, 'email must be at most 254 characters.'),
          v.email('email must be a valid email address.'),
        ),
      ),
    },
    'The body must be a JSON object.',
  ),
  v.check((body) => Boolean(body.external_user_id || body.email), 'Send external_user_id or email.'),
);
export type CreateRedirectTokenInput = v.InferInput<typeof CreateRedirectTokenSchema>;
export type CreateRedirectTokenOutput = v.InferOutput<typeof CreateRedirectTokenSchema>;
