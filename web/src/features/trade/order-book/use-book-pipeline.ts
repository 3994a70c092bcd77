import { useEffect, useState } from 'react';
import { acquireBook } from '@web/lib/book/book-feed';
import type { BookSource } from '@web/lib/book/book-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

/** The shared book pipeline of an instrument while the calling widget is mounted. */
export function useBookPipeline(meta: InstrumentMeta | undefined): BookSource | null {
  const [pipeline, setPipeline] = useState<BookSource | null>(null);
  // The pipeline depends on these four only; a new meta object for the same market keeps it.
  const category = meta?.category;
  const symbol = meta?.symbol;
  const priceScale = meta?.priceScale;
  const sizeScale = meta?.sizeScale;
  useEffect(() => {
    if (category === undefined || symbol === undefined || priceScale === undefined || sizeScale === undefined) return;
    const { pipeline: p, release } = acquireBook({ category, symbol, priceScale, sizeScale });
    setPipeline(p);
    return () => {
      release();
      setPipeline(null);
    };
  }, [category, symbol, priceScale, sizeScale]);
  return pipeline;
}
