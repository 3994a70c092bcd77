// UI state shared by the trading screen's widgets: which instrument is shown, and the
// price a click on the book hands to the order form. Market and account data live
// elsewhere (lib/book, the react-query cache).
import { createStore } from 'zustand/vanilla';
import type { TradeCategory } from '@web/lib/instruments/instrument-meta';

export interface InstrumentKey {
  category: TradeCategory;
  symbol: string;
}

interface TradeUiState {
  instrument: InstrumentKey;
  /** The last price picked from the book; `n` changes on every pick, even of the same price. */
  picked: { price: string; n: number } | null;
  setInstrument(key: InstrumentKey): void;
  pickPrice(price: string): void;
}

const KEY = 'desk.trade.instrument';

function remembered(): InstrumentKey {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    const [category, symbol] = (raw ?? '').split(':');
    if ((category === 'spot' || category === 'margin' || category === 'usdt-futures') && symbol && /^[A-Z0-9]{2,20}$/.test(symbol)) return { category, symbol };
  } catch {
    // Storage unavailable: start on the default market.
  }
  return { category: 'spot', symbol: 'BTCUSDT' };
}

export const tradeUiStore = createStore<TradeUiState>()((set, get) => ({
  instrument: remembered(),
  picked: null,
  setInstrument: (instrument) => {
    try {
      localStorage.setItem(KEY, `${instrument.category}:${instrument.symbol}`);
    } catch {
      // Not remembered across reloads; still switched.
    }
    set({ instrument, picked: null });
  },
  pickPrice: (price) => set({ picked: { price, n: (get().picked?.n ?? 0) + 1 } }),
}));
