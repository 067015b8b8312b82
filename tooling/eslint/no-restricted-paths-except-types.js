import importX from 'eslint-plugin-import-x';

const restrictedPaths = importX.rules['no-restricted-paths'];

/** True for `import type`, `export type ... from`, and `import { type A, type B }` (erased at build). */
function isTypeOnly(node) {
  const owner = node.parent;
  if (!owner) return false;
  if (owner.importKind === 'type' || owner.exportKind === 'type') return true;
  const specifiers = owner.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type')
  );
}

/**
 * import-x's `no-restricted-paths` with the same options and resolution, except that an import which
 * exists only for types is allowed: it creates no run-time dependency between the two folders.
 */
export default {
  meta: { ...restrictedPaths.meta, docs: { description: 'no-restricted-paths that lets type-only imports through' } },
  defaultOptions: restrictedPaths.defaultOptions,
  create(context) {
    const filtered = Object.create(context, {
      report: {
        value(descriptor) {
          if (descriptor.node && isTypeOnly(descriptor.node)) return;
          context.report(descriptor);
        },
      },
    });
    return restrictedPaths.create(filtered);
  },
};
