// web → one catalog's translate function: the key's text with its {placeholders} filled in.
import type { MessageKey, Messages } from '#shared/web/messages/en';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export const translateWith =
  (catalog: Messages): Translate =>
  (key, values) =>
    catalog[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? `{${name}}`));
