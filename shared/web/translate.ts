// web → one catalog's translate function: the key's text with its {placeholders} filled in.
import type { MessageKey } from '#shared/web/messages/en';

/** Translates the keys of one catalog: every page's (MessageKey), or the frame texts alone (FrameMessageKey). */
export type Translate<K extends string = MessageKey> = (key: K, values?: Record<string, string | number>) => string;

export const translateWith =
  <K extends string>(catalog: Record<K, string>): Translate<K> =>
  (key, values) =>
    catalog[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? `{${name}}`));
