// tests → http adapter → the nesting limit checked on the raw body before JSON.parse and validation.
import { exceedsJsonDepth } from '#shared/http/request';

describe('exceedsJsonDepth', () => {
  it.each([
    ['a flat object', '{"a":1}', 1, false],
    ['an object at exactly the limit', '{"a":{"b":[1]}}', 3, false],
    ['an object one level past the limit', '{"a":{"b":[1]}}', 2, true],
    ['brackets inside strings', '{"a":"[[[[{{{{"}', 1, false],
    ['an escaped quote inside a string', '{"a":"\\"[[[["}', 1, false],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[1]]}', 2, true],
    ['siblings that never nest', '[[1],[2],[3],[4]]', 2, false],
    ['thousands of levels', `${'['.repeat(5000)}${']'.repeat(5000)}`, 32, true],
  ])('%s', (_case, text, maxDepth, expected) => {
    expect(exceedsJsonDepth(text, maxDepth)).toBe(expected);
  });
});
