import { moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';
import { importsOf } from './module-graph.js';

const traversed = new Set();

/**
 * import-x's `no-cycle`, except that type-only imports count: import-x skips them (they vanish at
 * build), but a cycle made of types still ties the two folders together, and each such cycle has
 * been a run-time cycle one edit away. Same walk, same resolver, same messages; the graph it walks
 * is read once per lint process (module-graph.js) instead of parsing each reached file again.
 */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Dependency cycle detected (type-only imports count)',
      cycleSource: 'Dependency cycle via "{{source}}" (type-only imports count)',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    return {
      ...moduleVisitor((sourceNode, importer) => {
        const imported = resolve(sourceNode.value, context);
        if (imported == null || imported === filename || traversed.has(imported)) return;
        traversed.add(imported);
        // Breadth first from the imported file: does any chain of imports lead back to this one?
        const untraversed = [{ path: imported, route: [] }];
        const detectCycle = ({ path: from, route }) => {
          for (const { path, source } of importsOf(from, context)) {
            if (traversed.has(path)) continue;
            if (path === filename) return true;
            traversed.add(path);
            untraversed.push({ path, route: [...route, source] });
          }
          return false;
        };
        while (untraversed.length > 0) {
          const next = untraversed.shift();
          if (!detectCycle(next)) continue;
          for (const { path } of untraversed) traversed.delete(path);
          if (next.route.length > 0) {
            const source = next.route.map((s) => `${s.value}:${s.line}`).join('=>');
            context.report({ node: importer, messageId: 'cycleSource', data: { source } });
          } else {
            context.report({ node: importer, messageId: 'cycle' });
          }
          return;
        }
      }, {}),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};
