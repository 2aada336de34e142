// http adapter → reading what API Gateway hands us: lower-cased headers, the JSON body, path and query values.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '#shared/errors';

export const MAX_BODY_BYTES = 256 * 1024;

export const lowerCaseHeaders = (event: APIGatewayProxyEvent): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  return headers;
};

const isJsonContentType = (value: string | undefined): boolean => {
  if (value === undefined) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false);
};

/** Parses a JSON body; wrong content type → 415, oversized → 413, malformed → 400. Never a 500. */
export const readJsonBody = (event: APIGatewayProxyEvent, headers: Record<string, string>): unknown => {
  const raw = event.body;
  if (raw === null || raw === undefined || raw === '') {
    throw new ValidationError('The request body is required: send a JSON object.', [{ path: '', message: 'Body is empty.' }]);
  }
  if (!isJsonContentType(headers['content-type'])) throw new UnsupportedMediaTypeError();
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('The request body is not valid JSON.', [{ path: '', message: 'Malformed JSON.' }]);
  }
};

/** Path parameters arrive URL-decoded from API Gateway; a missing one is a routing bug, so it says so. */
export const pathParameter = (event: APIGatewayProxyEvent, name: string): string => {
  const value = event.pathParameters?.[name];
  if (value === undefined || value === '') {
    throw new ValidationError(`Path parameter ${name} is required.`, [{ path: name, message: 'Missing.' }]);
  }
  return value;
};

/**
 * The query string as the client most likely wrote it. REST API events carry only decoded values, so the
 * signed form is rebuilt in both raw and percent-encoded spellings (docs/api.md, Authentication).
 */
export const queryStringCandidates = (event: APIGatewayProxyEvent): string[] => {
  const multi = event.multiValueQueryStringParameters ?? {};
  const pairs: Array<[string, string]> = [];
  for (const [name, values] of Object.entries(multi)) {
    for (const value of values ?? []) pairs.push([name, value]);
  }
  if (pairs.length === 0) {
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
      if (value !== undefined) pairs.push([name, value]);
    }
  }
  if (pairs.length === 0) return [''];
  const raw = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const encoded = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return [...new Set([`?${raw}`, `?${encoded}`])];
};
