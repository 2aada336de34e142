// ops → maps the positions of a minified bundle in a stack trace back to the sources, with its source map.
import type { SourceMap } from 'node:module';

/** `index.js:1:23456` as Lambda prints frames of /var/task/index.js. */
const BUNDLE_POSITION = /([\w./-]*index\.js):(\d+):(\d+)/g;

/** Replaces every bundle position the map knows with `source:line:column`; other text is kept as it is. */
export const resolveStack = (stack: string, map: Pick<SourceMap, 'findEntry'>): string =>
  stack.replace(BUNDLE_POSITION, (whole, _file: string, line: string, column: string) => {
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!('originalSource' in entry) || !entry.originalSource) return whole;
    const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
