// api docs → the shape of an entry of the operation registry, and the success envelope schema.
import * as v from 'valibot';
import type { ErrorCode } from '#shared/errors';

/** The success envelope `{ success, message, data }`, with extra top-level members such as `pagination`. */
export const envelope = <TData extends v.GenericSchema, TExtra extends v.ObjectEntries = Record<never, never>>(data: TData, extra?: TExtra) =>
  v.object({ success: v.literal(true), message: v.string(), data, ...(extra ?? ({} as TExtra)) });

export const EmptyDataSchema = v.pipe(v.strictObject({}), v.description('Always an empty object.'));

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  required?: boolean;
  /**
   * A path parameter the route names otherwise (API Gateway allows one variable name per path level): the document
   * writes the path with `name`, the route table keeps `{routeName}`.
   */
  routeName?: string;
  /** A JSON Schema; path and query values arrive as text, so they are documented by hand. */
  schema: Record<string, unknown>;
  example?: unknown;
}

export interface JsonOperation {
  kind: 'json';
  summary: string;
  description: string;
  tag: string;
  parameters?: Parameter[];
  /** `optional`: the body may be left out (every member has a default). */
  /**
   * `bodyRefusals`: what a body sent can be refused with, when not the usual 400/413/415 (a call that takes no
   * members reads no body: anything but `{}` is its 400).
   */
  request?: { schema: v.GenericSchema; example: unknown; optional?: boolean; bodyRefusals?: ErrorCode[] };
  /**
   * The success answer; absent for an operation that only ever answers an error (removed endpoints). `headers`: the
   * ones a partner is told about, as OpenAPI header objects by name.
   */
  response?: { status: number; description: string; schema: v.GenericSchema; example: unknown; headers?: Record<string, Record<string, unknown>> };
  /** Codes this operation answers besides the ones every operation of its auth mode and body can. */
  errors: ErrorCode[];
  deprecated?: boolean;
}

/** A route that serves an HTML page (traveler web app): documented as text/html. */
export interface PageOperation {
  kind: 'page';
  summary: string;
  description: string;
  tag: string;
  parameters?: Parameter[];
  /**
   * Every status the page's function answers, with what it means: 303 redirects (Location); 200 carries the page
   * (`contentType`), and so does any other status of an HTML page. What every operation can answer is added.
   */
  answers: Partial<Record<PageStatus, string>>;
  /** What the 200 answer carries; HTML unless said. */
  contentType?: 'text/html' | 'text/css';
}

export type PageStatus = 200 | 303 | 400 | 401 | 403 | 404 | 409 | 410 | 429;

export type OperationDoc = JsonOperation | PageOperation;
