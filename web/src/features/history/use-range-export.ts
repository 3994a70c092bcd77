// Export of a whole time range: pages through the API (spec 4.6) with a progress value
// and a cancel, then hands the CSV to the browser.
import { useCallback, useRef, useState } from 'react';
import { collectRange, type RangeProgress } from '@web/lib/account-data/range-export';
import { buildCsv } from '@web/lib/csv/csv-build';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import type { HistoryFilters } from './history-filters';
import { PAGE_SIZE, type ListDefinition } from './history-lists';

export type RangeExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: RangeProgress }
  | { phase: 'done'; rows: number; truncated: boolean }
  | { phase: 'canceled'; rows: number }
  | { phase: 'failed'; message: string };

export function useRangeExport<Row>(def: ListDefinition<Row>, filters: HistoryFilters, account: string | null) {
  const [state, setState] = useState<RangeExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(async () => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    let rows = 0;
    setState({ phase: 'running', progress: { rows: 0, pages: 0, fraction: 0 } });
    try {
      const result = await collectRange({
        fetchPage: (cursor, signal) => def.fetchPage(filters, cursor, account, signal),
        idOf: def.idOf,
        timeOf: def.timeOf,
        range: { start: filters.start ? Number(filters.start) : undefined, end: filters.end ? Number(filters.end) : undefined },
        pageSize: PAGE_SIZE,
        signal: ctrl.signal,
        onProgress: (progress) => {
          rows = progress.rows;
          setState({ phase: 'running', progress });
        },
      });
      downloadCsv(csvFileName(`${def.id}-range`, account), buildCsv(def.csv, result.rows));
      setState({ phase: 'done', rows: result.rows.length, truncated: result.truncated });
    } catch (e) {
      if (ctrl.signal.aborted) setState({ phase: 'canceled', rows });
      else setState({ phase: 'failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      if (controller.current === ctrl) controller.current = null;
    }
  }, [def, filters, account]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
