import type { Plugin } from 'vite';

export interface ClosureOptions {
  /** The modules the closure starts from: each module whose id matches one of these (each must match one). */
  roots: readonly RegExp[];
  /**
   * The modules it may hold and follows imports through. Stopping at the boundary keeps re-exporting index files of
   * libraries (antd's, the contract's) from pulling in everything they name: this graph is the one before tree-shaking.
   */
  within: (id: string) => boolean;
}

/**
 * The modules statically reachable from some roots (their `import`s followed to the end, `import()` not followed, only
 * within a boundary), known once the build has parsed every module, that is before output chunks are formed. A
 * code-splitting group's `test` asks `has(id)`, so the group holds what a screen needs at once, fetched as one file.
 */
export function staticClosure(
  name: string,
  { roots, within }: ClosureOptions,
): { plugin: Plugin; has(id: string): boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: `static-closure:${name}`,
    apply: 'build',
    buildEnd() {
      members.clear();
      const pending = [...this.getModuleIds()].filter((id) => roots.some((root) => root.test(id)));
      if (pending.length !== roots.length) {
        this.error(`static closure ${name}: ${pending.length} modules match its ${roots.length} roots`);
      }
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (members.has(id) || !within(id)) continue;
        members.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => members.has(id) };
}
