// A local lint rule: the folders of one package's source are layers, listed lowest first,
// and a file may import only from its own folder or a lower layer. A folder not listed is
// reported, so a new folder gets a place before it gets imports. Files directly in the
// source root are the composition root: they may import anything, and nothing below them
// may import them.
//
// Options: { root: 'simulator/src', layers: ['core', 'instruments', ..., '.', 'testing'] }
// ('.' is the source root's own files; leave it out and no file may sit there). Test files (*.test.ts) are not checked: a test
// beside a low module may build the whole stack around it, which is composition, not a
// dependency of the module.
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

export default {
  rules: {
    'layer-boundaries': {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: { root: { type: 'string' }, layers: { type: 'array', items: { type: 'string' } } },
            required: ['root', 'layers'],
            additionalProperties: false,
          },
        ],
      },
      create(context) {
        const { root, layers } = context.options[0];
        const srcRoot = path.join(repo, root);
        const file = path.resolve(context.filename);
        const rel = path.relative(srcRoot, file);
        if (rel.startsWith('..') || path.isAbsolute(rel) || /\.test\.tsx?$/.test(file)) return {};
        const folderOf = (relPath) => (relPath.includes(path.sep) ? relPath.split(path.sep)[0] : '.');
        const own = folderOf(rel);
        const rank = (folder) => layers.indexOf(folder);
        if (rank(own) < 0) {
          const message =
            own === '.'
              ? `${root} has no composition root: put this file in the folder of its layer.`
              : `'${own}/' has no layer: list it in the layers of ${root} (eslint.config.js).`;
          return {
            Program(node) {
              context.report({ node, message });
            },
          };
        }
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.relative(srcRoot, path.resolve(path.dirname(file), spec));
          if (target.startsWith('..')) return;
          const folder = folderOf(target);
          if (folder === own) return;
          if (rank(folder) < 0) {
            context.report({ node, message: `'${folder}/' has no layer: list it in the layers of ${root} (eslint.config.js).` });
          } else if (rank(folder) > rank(own)) {
            context.report({ node, message: `'${own}' sits below '${folder}' in ${root}; '${spec}' reaches up. Inject what is needed through an interface the lower layer declares.` });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (n) => check({ source: n.source, ...n }) };
      },
    },
  },
};
