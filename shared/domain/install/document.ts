// domain → the install instructions as a document: what instructions.ts builds and html.ts renders.
import type { ServedLocale } from '#shared/domain/locale';

export type Platform = 'ios' | 'android' | 'other';

export interface InstructionStep {
  id: 'one_tap' | 'qr_code' | 'manual' | 'confirmation_code' | 'turn_on' | 'installed';
  title: string;
  body: string;
}

export interface InstructionLink {
  type: 'apple_esim_setup' | 'android_esim_setup';
  label: string;
  url: string;
}

export interface InstructionsDocument {
  format: 'json';
  locale: ServedLocale;
  platform: Platform;
  device: { name: string; os: string; os_version: string; device_type: string | null };
  esim: { iccid: string; status: string; installed: boolean };
  title: string;
  intro: string;
  steps: InstructionStep[];
  activation: {
    code: string;
    smdp_address: string;
    matching_id: string;
    confirmation_code_required: boolean;
    /** The code to type when the phone asks for it; null when none is asked for (or the eSIM is installed). */
    confirmation_code: string | null;
    labels: { smdp_address: string; matching_id: string; code: string; iccid: string; confirmation_code: string };
  };
  qr_code: { media_type: 'image/png'; data_url: string; alt: string };
  links: InstructionLink[];
  branding: SafeBranding;
}

export interface SafeBranding {
  name: string;
  colors: { primary: string; background: string; text: string };
  logo_url: string | null;
}
