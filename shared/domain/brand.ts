// domain → a partner's brand: the name, color and logo that style the traveler web app (WCAG AA contrast enforced).
import * as v from 'valibot';

export interface Brand {
  partner_id: string;
  brand_id: string;
  name: string;
  /** Buttons, links and the header band; white text sits on it and it sits on a white page. */
  primary_color: string;
  /** An https URL or a small `data:image/...;base64,` URL; null for a text-only header. */
  logo: string | null;
  created_at: string;
  updated_at: string;
}

export const BRAND_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/i;
/** A data URL stays small: it is stored with the brand and sent inline with every page. */
export const MAX_LOGO_DATA_URL_BYTES = 16 * 1024;
export const MAX_LOGO_URL_LENGTH = 2048;
/** WCAG 2.2 AA for normal text (1.4.3) and for user-interface components is 4.5:1 here (we use it for both). */
export const MIN_CONTRAST = 4.5;
export const MAX_BRANDS_PER_PARTNER = 50;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const DATA_URL = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Relative luminance (WCAG 2.x definition) of a #rrggbb color. */
export const relativeLuminance = (hex: string): number => {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
};

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The text colors every brand color must carry: white labels on it, and it as link text on the white page. */
export const BRAND_TEXT_COLORS = ['#ffffff'] as const;

/**
 * A host that is a DNS name (letters, digits, hyphens, dots; punycode for others): the logo's origin goes into the
 * pages' Content-Security-Policy, where `*` or `;` in a host the URL parser lets through would widen or add directives.
 */
const DNS_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Names that never reach a public host: loopback (RFC 6761 `localhost`), the local network (RFC 6762 `local`, RFC 8375
 * `home.arpa`, ICANN's `internal`, and the private ones routers and companies use: `lan`, `home`, `corp`, `intranet`,
 * `private`, `localdomain`) and names that resolve nowhere in the DNS (`invalid`, `test`, RFC 9476 `alt`, `onion`).
 */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|home\.arpa|internal|intranet|lan|home|corp|private|alt|invalid|test|onion)$/;

/**
 * A public DNS name: not an IPv4 address the URL parser wrote in dots (a top-level domain is never all digits, RFC 3696
 * §2), nor a special-use name of the traveler's own machine or network. A name a public resolver maps to a private
 * address (a name-to-address service) cannot be told by its spelling; only support sets logos.
 */
const isDnsHost = (host: string): boolean => DNS_HOST.test(host) && /[a-z]/.test(host.slice(host.lastIndexOf('.') + 1)) && !LOCAL_NAME.test(host);

const logoProblem = (logo: string): string | undefined => {
  if (logo.startsWith('data:')) {
    if (logo.length > MAX_LOGO_DATA_URL_BYTES) return `A data URL logo must be at most ${MAX_LOGO_DATA_URL_BYTES} bytes.`;
    if (!DATA_URL.test(logo)) return 'A data URL logo must be data:image/(png|jpeg|webp|svg+xml);base64,...';
    return undefined;
  }
  if (logo.length > MAX_LOGO_URL_LENGTH) return `A logo URL must be at most ${MAX_LOGO_URL_LENGTH} characters.`;
  try {
    const url = new URL(logo);
    if (url.protocol !== 'https:' || url.username || url.password) return 'A logo URL must be https without credentials.';
    if (!isDnsHost(url.hostname))
      return 'A logo URL must name its host by a public DNS name such as cdn.example.com, not an address or a local name.';
  } catch {
    return 'The logo must be an https URL or a data:image URL.';
  }
  return undefined;
};

// Built in a pure-marked closure: every page imports this module (logoOrigin) and only brand imports validate.
export const BrandSettingsSchema = /* @__PURE__ */ (() =>
  v.object({
    brand_id: v.pipe(v.string(), v.regex(BRAND_ID_PATTERN, 'brand_id is 1 to 100 letters, digits, "-" or "_".')),
    name: v.pipe(v.string(), v.trim(), v.minLength(1, 'name is required.'), v.maxLength(80, 'name must be at most 80 characters.')),
    primary_color: v.pipe(
      v.string(),
      v.regex(HEX_COLOR, 'primary_color must be a #rrggbb hex color.'),
      v.toLowerCase(),
      v.check(
        (color) => BRAND_TEXT_COLORS.every((text) => contrastRatio(color, text) >= MIN_CONTRAST),
        `primary_color needs a contrast of at least ${MIN_CONTRAST}:1 with white text (WCAG 2.2 AA); pick a darker color.`,
      ),
    ),
    logo: v.nullable(
      v.pipe(
        v.string(),
        v.check((logo) => logoProblem(logo) === undefined, 'logo is not an https URL or a small data:image URL.'),
      ),
    ),
  }))();
export type BrandSettingsInput = v.InferInput<typeof BrandSettingsSchema>;
export type BrandSettingsOutput = v.InferOutput<typeof BrandSettingsSchema>;

/** The precise reason a logo is refused, for operators. */
export const describeLogoProblem = logoProblem;

/** Origin a page must allow images from, when the logo is a remote URL. */
export const logoOrigin = (brand: Pick<Brand, 'logo'> | undefined): string | undefined => {
  if (!brand?.logo?.startsWith('https:')) return undefined;
  const url = new URL(brand.logo);
  // A brand stored before hosts were checked gets no image source at all rather than a policy it could rewrite.
  return isDnsHost(url.hostname) ? url.origin : undefined;
};
