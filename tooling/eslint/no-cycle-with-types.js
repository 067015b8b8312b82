import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

const traversed = new Set();

/**
 * import-x's `no-cycle`, except that type-only imports count: import-x skips them (they vanish at
 * build), but a cycle made of types still ties the two folders together, and each such cycle has
 * been a run-time cycle one edit away. Same graph, same resolver, same messages.
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
        const imported = ModuleInfo.get(sourceNode.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        const untraversed = [{ mget: () => imported, path: imported.path, route: [] }];
        const detectCycle = ({ mget, route }) => {
          const module = mget();
          if (module == null) return false;
          for (const [path, { resolve: next, declarations }] of module.getImports()) {
            if (traversed.has(path)) continue;
            const [first] = declarations;
            if (!first) continue;
            if (path === filename) return true;
            traversed.add(path);
            untraversed.push({ mget: next, path, route: [...route, first.source] });
          }
          return false;
        };
        while (untraversed.length > 0) {
          const next = untraversed.shift();
          if (!detectCycle(next)) continue;
          for (const { path } of untraversed) traversed.delete(path);
          if (next.route.length > 0) {
            const source = next.route.map((s) => `${s.value}:${s.loc.start.line}`).join('=>');
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
