import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's modules that only turn schemas into JSON Schema: the API's OpenAPI document uses them, a browser never does. */
const JSON_SCHEMA_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const EXPORTED_NAME = /^export (?:const|function|let|class) (\w+)/gm;

/**
 * Leaves zod's JSON Schema conversion out of the browser build: every zod schema refers to it, so it
 * would ship with every screen (~17 kB minified, ~4.5 kB gzip) though the web app never calls it.
 * Each export of those modules becomes a function that throws if called, so a future use fails
 * loudly instead of quietly producing nothing; the names are read from the installed zod.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!JSON_SCHEMA_MODULE.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = [...source.matchAll(EXPORTED_NAME)].flatMap(([, name]) => (name ? [name] : []));
      const unavailable = `() => { throw new Error('zod JSON Schema conversion is not part of the browser build'); }`;
      // zod builds each schema's toJSONSchema method by calling these two: they must return that thrower.
      const factories = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
      return names
        .map((name) => `export const ${name} = ${factories.has(name) ? `() => ${unavailable}` : unavailable};`)
        .concat(/export \{ processSchema as process \}/.test(source) ? ['export { processSchema as process };'] : [])
        .join('\n');
    },
  };
}
