// The layers built on top of the core (WebSockets, the v2 products, rate limits) plug in
// by convention, so they land without editing the core: each folder may have an
// `extension.ts` whose default export is a SimulatorExtension. Missing ones are skipped.
import type { SimulatorExtension } from './server';

const candidates = ['./limits/extension', './products/extension', './api/ws/extension', './faults/extension'] as const;

export async function loadInstalledExtensions(): Promise<SimulatorExtension[]> {
  const found: SimulatorExtension[] = [];
  for (const path of candidates) {
    let mod: { default?: unknown };
    try {
      mod = (await import(path)) as { default?: unknown };
    } catch (error) {
      if (isMissingModule(error, path)) continue;
      throw error;
    }
    if (typeof mod.default !== 'function') throw new Error(`${path} must export a default SimulatorExtension function`);
    found.push(mod.default as SimulatorExtension);
  }
  return found;
}

function isMissingModule(error: unknown, path: string): boolean {
  const e = error as { code?: string; message?: string };
  return (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND') && (e.message ?? '').includes(path.slice(2));
}
