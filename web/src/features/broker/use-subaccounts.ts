// The broker's whole sub-account list, read page by page with the idLessThan cursor. The
// exchange allows this endpoint 1 request per second, so 1,200 sub-accounts take about 13
// seconds: the list shows what has arrived and says how far it is.
import { useEffect, useState } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import { SUBACCOUNT_LIST_MAX_LIMIT, type BrokerSubaccount } from '@contract/schemas/broker-subaccounts';
import { describeError } from '@web/lib/api/describe-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';

export interface SubaccountDirectory {
  subs: BrokerSubaccount[];
  complete: boolean;
  error: string | null;
}

const EMPTY: SubaccountDirectory = { subs: [], complete: false, error: null };

export function useSubaccounts(account: string | null, enabled: boolean): SubaccountDirectory {
  const source = enabled ? account : null;
  const [state, setState] = useState<SubaccountDirectory>(EMPTY);
  // A new account starts from an empty list, set while rendering rather than in the effect
  // that reads it, so the old account's list is never painted under the new one's name.
  const [readFor, setReadFor] = useState(source);
  if (readFor !== source) {
    setReadFor(source);
    if (source !== null) setState(EMPTY);
  }
  useEffect(() => {
    if (source === null) return;
    const abort = new AbortController();
    void (async () => {
      let cursor: string | undefined;
      const all: BrokerSubaccount[] = [];
      try {
        for (;;) {
          const page = await callEndpoint(endpoints.subaccountList, { limit: String(SUBACCOUNT_LIST_MAX_LIMIT), ...(cursor ? { idLessThan: cursor } : {}) }, { account: source, signal: abort.signal });
          all.push(...page.subList);
          const more = page.hasNextPage && page.idLessThan !== null;
          setState({ subs: [...all], complete: !more, error: null });
          if (!more) return;
          cursor = String(page.idLessThan);
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        setState({ subs: [...all], complete: false, error: describeError(e) });
      }
    })();
    return () => abort.abort();
  }, [source]);
  return state;
}
