// bundling stand-in → replaces @aws-lambda-powertools/jmespath in function bundles (lib/bundling.ts). Powertools
// idempotency selects the Idempotency-Key and the body it compares with JMESPath, and the expressions our store
// configures are plain field names (shared/storage/idempotency-store.ts idempotencyExpressions). The engine (lexer,
// parser, interpreter and the function library, about 23 KiB) costs create-booking about 2 ms of every cold start;
// this answers a field name as the engine does and refuses any other expression loudly (test/unit/bundling.test.ts
// compares it with the engine).
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The engine's answer for an expression that names one field: the member if the object has it, else null. */
export const search = (expression: string, data: unknown): unknown => {
  if (!FIELD_NAME.test(expression)) {
    throw new Error(`JMESPath expression "${expression}" is not a field name; the engine is not bundled (lib/bundling.ts lambdaAliases)`);
  }
  return isRecord(data) && expression in data ? data[expression] : null;
};

/** Powertools idempotency constructs the custom functions as its default option; field names call no function. */
export class PowertoolsFunctions {}
