import { useCallback, useSyncExternalStore } from 'react';
import { acquireBook, peekBook } from '@web/lib/book/book-feed';
import type { BookSource } from '@web/lib/book/book-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

/**
 * The shared book pipeline of an instrument while the calling widget is mounted. The book
 * registry is an external store: subscribing holds the book (acquireBook), and the snapshot
 * is the pipeline it holds, so no effect copies it into state.
 */
export function useBookPipeline(meta: InstrumentMeta | undefined): BookSource | null {
  // The pipeline depends on these four only; a new meta object for the same market keeps it.
  const category = meta?.category;
  const symbol = meta?.symbol;
  const priceScale = meta?.priceScale;
  const sizeScale = meta?.sizeScale;
  const subscribe = useCallback(
    (changed: () => void) => {
      if (category === undefined || symbol === undefined || priceScale === undefined || sizeScale === undefined) return () => {};
      const { release } = acquireBook({ category, symbol, priceScale, sizeScale });
      changed();
      return release;
    },
    [category, symbol, priceScale, sizeScale],
  );
  const snapshot = useCallback(() => (category === undefined || symbol === undefined ? null : peekBook({ category, symbol })), [category, symbol]);
  return useSyncExternalStore(subscribe, snapshot);
}
