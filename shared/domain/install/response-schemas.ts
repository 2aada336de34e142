// domain → the answer of POST /native/instructions as valibot schemas: the OpenAPI document and the contract tests
// read them; the renderer's own types are checked against them below, so the two cannot drift.
import * as v from 'valibot';
import { servedLocales } from '#shared/domain/locale';
import type { InstructionsDocument, InstructionsPage } from '#shared/domain/install/instructions';

const LocaleSchema = v.picklist(servedLocales);

/** The brand the traveler's app styles itself with: hex colors (defaults filled in) and an https logo, or null. */
export const BrandingViewSchema = v.object({
  name: v.string(),
  colors: v.object({ primary: v.string(), background: v.string(), text: v.string() }),
  logo_url: v.nullable(v.string()),
});

export const InstallInstructionsJsonSchema = v.object({
  format: v.literal('json'),
  locale: LocaleSchema,
  platform: v.picklist(['ios', 'android', 'other']),
  device: v.object({ name: v.string(), os: v.string(), os_version: v.string(), device_type: v.nullable(v.string()) }),
  esim: v.object({ iccid: v.string(), status: v.string(), installed: v.boolean() }),
  title: v.string(),
  intro: v.string(),
  steps: v.array(
    v.object({ id: v.picklist(['one_tap', 'qr_code', 'manual', 'confirmation_code', 'turn_on', 'installed']), title: v.string(), body: v.string() }),
  ),
  activation: v.object({
    code: v.string(),
    smdp_address: v.string(),
    matching_id: v.string(),
    confirmation_code_required: v.boolean(),
    confirmation_code: v.nullable(v.string()),
    labels: v.object({ smdp_address: v.string(), matching_id: v.string(), code: v.string(), iccid: v.string(), confirmation_code: v.string() }),
  }),
  qr_code: v.object({ media_type: v.literal('image/png'), data_url: v.string(), alt: v.string() }),
  links: v.array(v.object({ type: v.picklist(['apple_esim_setup', 'android_esim_setup']), label: v.string(), url: v.string() })),
  branding: BrandingViewSchema,
});

export const InstallInstructionsHtmlSchema = v.object({
  format: v.literal('html'),
  locale: LocaleSchema,
  content_type: v.literal('text/html; charset=utf-8'),
  html: v.string(),
});

export const InstallInstructionsResponseSchema = v.union([InstallInstructionsJsonSchema, InstallInstructionsHtmlSchema]);

// Compile-time: every document the renderer builds is an answer the schemas describe.
export type InstallInstructionsOutput = v.InferOutput<typeof InstallInstructionsResponseSchema>;
const rendered = (answer: InstructionsDocument | InstructionsPage): InstallInstructionsOutput => answer;
void rendered;
