/**
 * `plugin` with a name Fastify can read (its function name by default). Fastify names every plugin
 * it registers; for one without a display name it first looks through every module Node has loaded
 * (`require.cache`: some 800 at start, 1,400 in a test worker) for one that exports it, twice per
 * registration: a third of the time to build the server, which tests do hundreds of times.
 */
export function named<Plugin extends object>(plugin: Plugin, name = (plugin as { name?: string }).name || 'plugin'): Plugin {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
