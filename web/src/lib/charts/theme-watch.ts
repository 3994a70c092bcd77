// The desk's theme is a class or attribute on <html> (app/theme): a switch changes the CSS
// colour variables that charts read once and paint with, so they must be told.
export function watchTheme(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => undefined;
  const mo = new MutationObserver(onChange);
  mo.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
  return () => mo.disconnect();
}
