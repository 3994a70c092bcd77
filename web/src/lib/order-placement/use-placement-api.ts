// The PlacementApi of the account on screen, for the trading screen's hooks.
import { useMemo } from 'react';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { catalogPlacementApi, type PlacementApi } from './placement-api';

export function usePlacementApi(): PlacementApi {
  const account = useCurrentAccount();
  return useMemo(() => catalogPlacementApi(callEndpoint, () => account ?? undefined), [account]);
}
