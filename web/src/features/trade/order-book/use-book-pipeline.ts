import { useEffect, useState } from 'react';
import { acquireBook } from '@web/lib/book/book-feed';
import type { BookSource } from '@web/lib/book/book-store';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

/** The shared book pipeline of an instrument while the calling widget is mounted. */
export function useBookPipeline(meta: InstrumentMeta | undefined): BookSource | null {
  const [pipeline, setPipeline] = useState<BookSource | null>(null);
  const key = meta ? `${meta.category}:${meta.symbol}:${meta.priceScale}:${meta.sizeScale}` : '';
  useEffect(() => {
    if (!meta) return;
    const { pipeline: p, release } = acquireBook(meta);
    setPipeline(p);
    return () => {
      release();
      setPipeline(null);
    };
    // `key` names everything of meta the pipeline depends on.
  }, [key]);
  return pipeline;
}
