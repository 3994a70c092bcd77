// The app's catalog caller, bound to the app's apiFetch.
import { apiFetch } from './api-client';
import { createCallEndpoint } from './call-endpoint';

export const callEndpoint = createCallEndpoint(apiFetch);
