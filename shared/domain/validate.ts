// domain → runs a valibot schema and turns its issues into a 400 with field paths.
import * as v from 'valibot';
import { ValidationError } from '#shared/errors';

export const validate = <const TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const details = result.issues.map((issue) => {
    const path = v.getDotPath(issue) ?? '';
    // valibot reports a missing member with its parent object's message (object, loose_object, strict_object); name it.
    const ofObject = issue.kind === 'schema' && issue.type.endsWith('object') && path !== '';
    const missing = ofObject && issue.received === 'undefined';
    // A strict object's unknown member: name it instead of valibot's "Expected never".
    const unknown = ofObject && issue.expected === 'never';
    return { path, message: missing ? `${path} is required.` : unknown ? `${path} is not a known member.` : issue.message };
  });
  const first = details[0];
  const summary = first?.message ?? 'The request is not valid.';
  throw new ValidationError(details.length > 1 ? `${summary} (and ${details.length - 1} more)` : summary, details);
};
