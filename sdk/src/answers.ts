// sdk → what every wrapper shares: the raw client's type, unwrap (success body or typed error), and the types of
// an operation's JSON body and answer `data`, read from the OpenAPI document by operation id.
import type { Client } from 'openapi-fetch';
import { apiErrorFrom } from './errors.ts';
import type { operations, paths } from './schema.js';

/** The typed openapi-fetch client for every path of the document, signed by the transport. */
export type RawClient = Client<paths>;

/** Unwraps `{ data, error, response }`: the success body, or a typed ApiError. */
export const unwrap = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw apiErrorFrom(response.status, error);
  return data;
};

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Success<R> = R extends { 200: infer Answer } ? Answer : R extends { 201: infer Answer } ? Answer : never;

/** The `data` of an operation's success answer (200, else 201). */
export type DataOf<Id extends keyof operations> = Json<Success<operations[Id]['responses']>> extends { data: infer Data } ? Data : never;

/** The JSON request body of an operation. */
export type BodyOf<Id extends keyof operations> = Json<NonNullable<operations[Id]['requestBody']>>;
