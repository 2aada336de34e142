// web adapter → the shape of every page function: read the request, render, add the headers (no storage here:
// public pages without table access use it too; session pages add the session in shared/web/traveler-page.ts).
// A page never shows a stack trace: failures are logged and answered with a localized error page.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Brand } from '#shared/domain/brand';
import { logoOrigin } from '#shared/domain/brand';
import * as config from '#shared/config';
import { lowerCaseHeaders } from '#shared/http/request';
import { logger } from '#shared/observability';
import type { Html } from '#shared/web/html';
import { chooseLanguage, frameTexts, type PageTexts } from '#shared/web/i18n';
import { messagePage, type PageFrame } from '#shared/web/layout';
import type { FrameMessageKey, MessageKey } from '#shared/web/messages/en';
import { cookieName, CSRF_FIELD, isCrossSite, pageSecurityHeaders, readCookies } from '#shared/web/security';

export interface PageRequest<K extends string = MessageKey> {
  event: APIGatewayProxyEvent;
  headers: Record<string, string>;
  cookies: Map<string, string>;
  /** `/api` behind API Gateway and in the local runtime: every link starts with it. */
  basePath: string;
  secure: boolean;
  /** The frame of a page: for travelers, language from the booking's locale, then Accept-Language, then English. */
  frame(options?: FrameOptions): PageFrame<K>;
  cookie(name: string): string | undefined;
}

export interface FrameOptions {
  bookingLocale?: string | null;
  brand?: Brand;
}

/** How a kind of page builds its frames from the request; the partner portal's are English only. */
export type FrameSource<K extends string = MessageKey> = (request: {
  headers: Record<string, string>;
  basePath: string;
}) => (options?: FrameOptions) => PageFrame<K>;

/** The traveler's language: the booking's locale, then Accept-Language, then English. */
const framesIn =
  <K extends string>(translate: PageTexts<K>): FrameSource<K> =>
  ({ headers, basePath }) =>
  (options = {}) => {
    const language = chooseLanguage({ bookingLocale: options.bookingLocale, acceptLanguage: headers['accept-language'] });
    return { language, t: translate(language), basePath, brand: options.brand };
  };

/** `headers`: what a refusal adds, such as a rate limit's `retry-after`. */
export type PageOutcome =
  | { status?: number; page: Html; brand?: Brand; setCookie?: string; headers?: Record<string, string> }
  | { redirect: string; setCookie?: string };

const pageHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store, private', pragma: 'no-cache' };

/** The stage prefix API Gateway put in front of the resource path (`/api`), derived so a custom domain keeps working. */
const basePathOf = (event: APIGatewayProxyEvent): string => {
  const full = event.requestContext?.path ?? event.path;
  return full.endsWith(event.path) ? full.slice(0, full.length - event.path.length) : '';
};

const toRequest = <K extends string>(event: APIGatewayProxyEvent, frames: FrameSource<K>): PageRequest<K> => {
  const headers = lowerCaseHeaders(event);
  const cookies = readCookies(headers.cookie);
  const basePath = basePathOf(event);
  const secure = config.secureCookies();
  return {
    event,
    headers,
    cookies,
    basePath,
    secure,
    frame: frames({ headers, basePath }),
    cookie: (name) => cookies.get(cookieName(name, secure)),
  };
};

export const respond = (request: Pick<PageRequest, 'secure'>, outcome: PageOutcome): APIGatewayProxyResult => {
  const cookieHeader: Record<string, string> = outcome.setCookie ? { 'set-cookie': outcome.setCookie } : {};
  if ('redirect' in outcome) {
    return {
      statusCode: 303,
      headers: { ...pageSecurityHeaders({ secure: request.secure }), ...pageHeaders, location: outcome.redirect, ...cookieHeader },
      body: '',
    };
  }
  const imageOrigins = [logoOrigin(outcome.brand)].filter((origin): origin is string => origin !== undefined);
  return {
    statusCode: outcome.status ?? 200,
    headers: { ...outcome.headers, ...pageSecurityHeaders({ secure: request.secure, imageOrigins }), ...pageHeaders, ...cookieHeader },
    body: outcome.page.value,
  };
};

const failurePage = (request: PageRequest<FrameMessageKey>, error: unknown): APIGatewayProxyResult => {
  // Never the request: URLs, bodies and cookies may carry tokens or traveler data.
  logger.error('Page failed', error as Error);
  const frame = request.frame();
  return respond(request, { status: 500, page: messagePage(frame, { title: frame.t('errorTitle'), body: frame.t('errorBody') }) });
};

/**
 * Every page, with the frames of its kind: a warm function serves many travelers, so no log key of the previous
 * request survives.
 */
export const servePageIn =
  <K extends string>(frames: FrameSource<K | FrameMessageKey>) =>
  (serve: (request: PageRequest<K | FrameMessageKey>) => Promise<APIGatewayProxyResult>) =>
  async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    logger.resetKeys();
    const request = toRequest(event, frames);
    try {
      return await serve(request);
    } catch (error) {
      return failurePage(request, error);
    }
  };

/** Pages in the traveler's language, translated with `texts` (the frame's and their own group's). */
export const servePageWith = <K extends string>(texts: PageTexts<K | FrameMessageKey>) => servePageIn(framesIn(texts));

/** A page anyone may open (claim form), translated with `texts`. */
export const publicPage = <K extends string>(
  texts: PageTexts<K | FrameMessageKey>,
  handle: (request: PageRequest<K | FrameMessageKey>) => Promise<PageOutcome>,
) => servePageWith(texts)(async (request) => respond(request, await handle(request)));

/** A public page that only says what happened (not found, a refused sign-in link): the frame texts alone. */
export const publicMessagePage = (handle: (request: PageRequest<FrameMessageKey>) => Promise<PageOutcome>) => publicPage(frameTexts, handle);

const MAX_FORM_BYTES = 8 * 1024;

/** A urlencoded form body (bounded); anything else reads as an empty form, which every form's check refuses. */
const readForm = (request: PageRequest<FrameMessageKey>): URLSearchParams => {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const raw = request.event.body ?? '';
  const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (type !== 'application/x-www-form-urlencoded' || Buffer.byteLength(text) > MAX_FORM_BYTES) return new URLSearchParams();
  return new URLSearchParams(text);
};

/** Where a refused form's page leads (a WebView may have no back button of its own). */
export type FormBack<R> = (request: R) => { href: string; label: string };

/** What a refused form (missing or wrong CSRF token, cross-site post) gets: 403 and a way forward. */
const formExpiredPage = (request: PageRequest<FrameMessageKey>, back?: { href: string; label: string }): PageOutcome => {
  const frame = request.frame();
  return { status: 403, page: messagePage(frame, { title: frame.t('formExpiredTitle'), body: frame.t('formExpiredBody'), back }) };
};

/**
 * How a form's CSRF token is checked (the posted `csrf_token`, or undefined): against the session's token, a
 * cookie, or a signature over what the form is for. Only this differs from form to form.
 */
export type CsrfCheck<R extends PageRequest<FrameMessageKey>> = (request: R, token: string | undefined) => boolean | Promise<boolean>;

/**
 * Every posted form goes through this: a cross-site post, or a token `check` refuses, gets the 403 page before
 * `handle` runs; `handle` gets the form's fields. The form body is read nowhere else, so no form can skip the check.
 */
export const postedForm =
  <R extends PageRequest<FrameMessageKey>>(
    check: CsrfCheck<R>,
    handle: (request: R, form: URLSearchParams) => Promise<PageOutcome>,
    options: { back?: FormBack<R> } = {},
  ) =>
  async (request: R): Promise<PageOutcome> => {
    const form = readForm(request);
    if (isCrossSite(request.headers) || !(await check(request, form.get(CSRF_FIELD) ?? undefined)))
      return formExpiredPage(request, options.back?.(request));
    return handle(request, form);
  };
