// The app's apiFetch: the browser's fetch, with headers from the session store.
import { sessionStore } from '@web/lib/session/session-store';
import { createApiFetch } from './api-fetch';

export const apiFetch = createApiFetch({
  fetch: (input, init) => fetch(input, init),
  session: () => {
    const { account, me } = sessionStore.getState();
    return { account, csrfToken: me?.csrfToken ?? null };
  },
});
