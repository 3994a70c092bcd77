// GET /api/v3/public/instruments and its public-API alias /api/v3/market/instruments.
import type { InstrumentRegistry } from '../../../instruments/instrument-registry';
import type { HandlerRegistry } from '../handler-registry';

export function registerInstrumentHandlers(handlers: HandlerRegistry, instruments: InstrumentRegistry): void {
  handlers.set('instruments', (q) =>
    instruments.all
      .filter((i) => (q.category === undefined || i.category === q.category) && (q.symbol === undefined || i.symbol === q.symbol))
      .map((i) => instruments.record(i)),
  );
}
