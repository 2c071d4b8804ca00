import { parse } from 'acorn-loose';

// The same test React's webpack plugin applies to find client references: a 'use client' directive
// in the module's prologue. Detecting it the same way in every compilation keeps the three builds
// in agreement about which modules are client references.
export const hasUseClientDirective = (source: string): boolean => {
  if (!source.includes('use client')) return false;
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  for (const node of program.body) {
    if (node.type !== 'ExpressionStatement' || !('directive' in node)) return false;
    if (node.directive === 'use client') return true;
  }
  return false;
};
