// domain → a JSON text read as an object, or undefined: for messages whose shape is checked field by field after.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object a JSON text holds; undefined for text that is no JSON, or JSON that is no object (an array, a value). */
export const parseJsonObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** A member that should be an object, or an empty one. */
export const objectAt = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
