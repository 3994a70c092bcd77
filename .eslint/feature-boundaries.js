// A local lint rule: a file in web/src/features/<a>/ may not import from
// web/src/features/<b>/ (b != a) or from web/src/app/. Features are composed by the app,
// never by each other (STYLE.md, bulletproof-react). Resolves both relative imports
// and the @web alias, so no import style slips past it.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'web', 'src');

function resolveTarget(fromFile, spec) {
  if (spec.startsWith('@web/')) return path.join(webSrc, spec.slice(5));
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  return null;
}

function featureOf(file) {
  const rel = path.relative(path.join(webSrc, 'features'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}

const isUnder = (file, dir) => !path.relative(dir, file).startsWith('..');

export default {
  rules: {
    'feature-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const own = featureOf(file);
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== 'string') return;
          const target = resolveTarget(file, spec);
          if (!target) return;
          const inWeb = isUnder(file, webSrc);
          if (!inWeb) return;
          const targetFeature = featureOf(target);
          const inLowerLayer = isUnder(file, path.join(webSrc, 'lib')) || isUnder(file, path.join(webSrc, 'components'));
          if (inLowerLayer && (targetFeature || isUnder(target, path.join(webSrc, 'app')))) {
            context.report({ node, message: `lib/ and components/ sit below features and app; '${spec}' reaches up.` });
          } else if (own && targetFeature && targetFeature !== own) {
            context.report({ node, message: `features never import each other: '${own}' imports '${targetFeature}'. Let the app compose them, or move the shared piece to lib/ or components/.` });
          } else if (own && isUnder(target, path.join(webSrc, 'app'))) {
            context.report({ node, message: `features sit below app; '${spec}' reaches up.` });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (n) => check({ source: n.source, ...n }) };
      },
    },
  },
};
