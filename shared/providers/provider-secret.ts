// providers → reading a connectivity provider's secret (Secrets Manager JSON), the same way for every adapter.
import * as v from 'valibot';

/**
 * Parses a provider secret's JSON with its schema. The error names the provider and the fields that are wrong, never
 * their values: a secret must not reach a log through its own validation.
 */
export const parseProviderSecret = <TSchema extends v.GenericSchema>(provider: string, schema: TSchema, json: string): v.InferOutput<TSchema> => {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error(`The ${provider} provider secret is not JSON`);
  }
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) {
    const fields = parsed.issues.map((issue) => v.getDotPath(issue) ?? '(root)');
    throw new Error(`The ${provider} provider secret is invalid at: ${[...new Set(fields)].join(', ')}`);
  }
  return parsed.output;
};
