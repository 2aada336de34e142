// domain → runs a valibot schema and turns its issues into a 400 with field paths.
import * as v from 'valibot';
import { ValidationError } from '#shared/errors';

export const validate = <const TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const details = result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
  const first = details[0];
  const summary = first?.message ?? 'The request is not valid.';
  throw new ValidationError(details.length > 1 ? `${summary} (and ${details.length - 1} more)` : summary, details);
};
