// web → security headers, the Content-Security-Policy, cookies and CSRF checks shared by every page.
import { timingSafeEqual } from 'node:crypto';

export interface CookieOptions {
  /** Deployed stages: `Secure` and the `__Host-` name prefix (https only, no Domain, Path=/). */
  secure: boolean;
  maxAgeSeconds: number;
}

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrf';
export const CSRF_FIELD = 'csrf_token';

/** `__Host-` cookies cannot be set by a sibling subdomain or over http, so a deployed name always carries it. */
export const cookieName = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

/**
 * HttpOnly (no script reads it), SameSite=Lax: sent on the top-level navigation that opens the web app from the
 * partner's app or an email (Strict would drop it on the redirect after the token exchange when the link came from
 * another site), never on cross-site POSTs or sub-requests; every form also carries a CSRF token.
 */
export const setCookie = (name: string, value: string, options: CookieOptions): string =>
  [
    `${cookieName(name, options.secure)}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');

export const clearCookie = (name: string, secure: boolean): string => setCookie(name, '', { secure, maxAgeSeconds: 0 });

const MAX_COOKIE_HEADER = 8192;

/** Reads the Cookie header (bounded); the first value of a name wins, as browsers send the most specific first. */
export const readCookies = (header: string | undefined): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').slice(0, MAX_COOKIE_HEADER).split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, pair.slice(at + 1).trim());
  }
  return cookies;
};

export const sameSecret = (a: string | undefined, b: string | undefined): boolean => {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A browser that says the form came from another site is refused even before the token is compared. */
export const isCrossSite = (headers: Record<string, string>): boolean => {
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

/** No inline script or style, nothing from another origin (a brand's remote logo is the one image origin allowed). */
export const contentSecurityPolicy = (options: { imageOrigins?: string[]; secure: boolean }): string =>
  [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'self'",
    `img-src 'self' data:${(options.imageOrigins ?? []).map((origin) => ` ${origin}`).join('')}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(options.secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

export const pageSecurityHeaders = (options: { imageOrigins?: string[]; secure: boolean }): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy(options),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  ...(options.secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
});
