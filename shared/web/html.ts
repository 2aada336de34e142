// web → the templating: a tagged template that escapes every interpolated value unless it is already Html.

/** Markup that is safe to emit as is: only `html` templates (and `raw`, for constants we wrote) make one. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

/** `html\`<p>${text}</p>\`` escapes `text` (also inside attributes, which are always double-quoted here). */
export const html = (strings: TemplateStringsArray, ...values: Value[]): Html =>
  new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i] as Value) : ''), ''));

/** For markup constants written in this code base only; never for data. */
export const raw = (markup: string): Html => new Html(markup);
