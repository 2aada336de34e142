// http adapter → the response language: the `locale` query parameter, else Accept-Language, else English.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as v from 'valibot';
import { LocaleSchema, resolveLocale, type ServedLocale } from '#shared/domain/locale';
import { validate } from '#shared/domain/validate';
import { queryParameters } from '#shared/http/request';

const LocaleQuerySchema = v.object({ locale: v.optional(LocaleSchema) });

export const requestLocale = (event: APIGatewayProxyEvent, headers: Record<string, string>): ServedLocale => {
  const { locale } = validate(LocaleQuerySchema, { locale: queryParameters(event).locale });
  return resolveLocale(locale, headers['accept-language']);
};

/** Says which language was served, and that the answer depends on Accept-Language. */
export const localeHeaders = (locale: ServedLocale): Record<string, string> => ({ 'content-language': locale, vary: 'Accept-Language' });
