import type { IncomingHttpHeaders } from 'node:http';
import { findEndpoint, type EndpointDef } from '@contract/catalog/endpoints';
import type { ErrorCode, ErrorParams } from '@contract/core/errors';
import { check } from '@contract/core/validation';
import { ACCOUNT_NAME_RE, type AccountCredentials } from '../keys/account-credentials';
import type { KeyStore } from '../keys/key-store';
import type { Session } from '../auth/session-store';
import { roleMay } from '../auth/roles';
import { csrfMatches, type OriginPolicy } from './origin-policy';
import { checkJsonShape } from './json-shape';

export interface Refusal {
  code: ErrorCode;
  params: ErrorParams;
  /** Known when the refusal concerns a catalog endpoint (so a refused mutation is audited). */
  endpoint?: EndpointDef;
  account?: AccountCredentials;
  path?: string;
}

export interface AdmittedCall {
  endpoint: EndpointDef;
  account: AccountCredentials;
  path: string;
  rawQuery: string;
}

const refuse = (code: ErrorCode, params: ErrorParams = {}): Refusal => ({ code, params });

/** Untrusted text echoed in a message: bounded, and only printable ASCII. */
export function shown(text: string, max = 80): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The account the call acts on: x-desk-account, else the user's first (ARCHITECTURE.md). */
export function resolveAccount(session: Session, requested: string | string[] | undefined, keyStore: KeyStore): AccountCredentials | Refusal {
  if (Array.isArray(requested)) return refuse('DESK403A', { field: '(several x-desk-account headers)' });
  const name = requested ?? session.accounts[0];
  if (name === undefined) return refuse('DESK403A', { field: '(none)' });
  if (!ACCOUNT_NAME_RE.test(name) || !session.accounts.includes(name)) return refuse('DESK403A', { field: shown(name, 32) });
  const account = keyStore.get(name);
  return account ?? refuse('DESK403A', { field: name });
}

/**
 * The header-only checks of a REST call, in the order of ARCHITECTURE.md "Data flow in
 * the proxy": account, catalog lookup, role permission, then (for anything but GET)
 * Origin and CSRF. They run before the body is read, so a refused caller costs nothing.
 */
export function admitCall(
  session: Session,
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  keyStore: KeyStore,
  origins: OriginPolicy,
): AdmittedCall | Refusal {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  const account = resolveAccount(session, headers['x-desk-account'], keyStore);
  if ('code' in account) return account;
  const endpoint = findEndpoint(method, path);
  if (!endpoint) return refuse('DESK404', { method: shown(method, 10), path: shown(path) });
  const known = { endpoint, account, path };
  if (!roleMay(session.role, endpoint.permission)) return { ...refuse('DESK403', { role: session.role, permission: endpoint.permission }), ...known };
  if (method !== 'GET') {
    if (!origins.isAllowed(headers.origin)) {
      const detail = headers.origin === undefined ? 'the Origin header is missing' : `Origin ${shown(String(headers.origin))} is not this desk`;
      return { ...refuse('DESK403O', { detail }), ...known };
    }
    if (!csrfMatches(session.csrfToken, headers['x-desk-csrf'])) return { ...refuse('DESK403O', { detail: 'the x-desk-csrf token is missing or wrong' }), ...known };
  }
  return { endpoint, account, path, rawQuery };
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const base = value.split(';')[0]?.trim().toLowerCase();
  return base === 'application/json';
}

/**
 * What a GET's schema says of no parameters at all, per schema: the same every time, and
 * most reads (balances, settings, open orders) send none, so the hot path skips the parse.
 */
const emptyQueryChecks = new WeakMap<object, ReturnType<typeof check>>();

function checkEmptyQuery(schema: EndpointDef['request']): ReturnType<typeof check> {
  let r = emptyQueryChecks.get(schema);
  if (r === undefined) emptyQueryChecks.set(schema, (r = check(schema, {})));
  return r;
}

/**
 * Validates the query (GET) or the JSON body (POST) with the endpoint's request schema.
 * Returns the parsed body (for the audit) or the first problem, naming the field.
 * `query` is the parsed query string, undefined when the call has none.
 */
export function validateCall(
  call: AdmittedCall,
  query: unknown,
  contentType: string | undefined,
  rawBody: string | undefined,
  session?: Pick<Session, 'accounts'>,
  keyStore?: Pick<KeyStore, 'get' | 'names'>,
): { body: unknown } | Refusal {
  const { endpoint } = call;
  if (endpoint.method === 'GET') {
    const r = query === undefined ? checkEmptyQuery(endpoint.request) : check(endpoint.request, query);
    if (!r.ok) return refuse('DESK400', { field: r.field, detail: r.message });
    const foreign = session && keyStore ? foreignUid(r.data, endpoint, session, keyStore) : null;
    return foreign ?? { body: undefined };
  }
  if (call.rawQuery !== '') return refuse('DESK400', { field: '(query)', detail: `${endpoint.method} ${endpoint.path} takes its parameters in the JSON body, not the query string` });
  if (!isJsonContentType(contentType)) return refuse('DESK400', { field: 'content-type', detail: 'must be application/json' });
  if (rawBody === undefined || rawBody.trim() === '') return refuse('DESK400', { field: '(body)', detail: 'a JSON body is required' });
  // Before parsing: a repeated key (validated on its last value, but signed and sent with
  // both) and a nest deep enough to hurt the parser are refused, saying which.
  const shape = checkJsonShape(rawBody);
  if (shape !== null) return refuse('DESK400', shape);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return refuse('DESK400', { field: '(body)', detail: 'is not valid JSON' });
  }
  const r = check(endpoint.request, parsed);
  if (!r.ok) return refuse('DESK400', { field: r.field, detail: r.message });
  const foreign = session && keyStore ? foreignUid(parsed, endpoint, session, keyStore) : null;
  return foreign ?? { body: parsed };
}

/** A parameter that names an account by UID: uid, subUid, toUid, ... (not clientOid). */
const UID_FIELD_RE = /(?:^|[a-z])uid$/i;

/** Whether any key foreignUid would check appears in `v` (to the same depth). */
function namesUid(v: unknown, depth: number): boolean {
  if (depth > 8 || v === null || typeof v !== 'object') return false;
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    const child = (v as Record<string, unknown>)[key];
    if (UID_FIELD_RE.test(key) && (typeof child === 'string' || typeof child === 'number')) return true;
    if (namesUid(child, depth + 1)) return true;
  }
  return false;
}

/**
 * Every parameter naming a UID must name one of the user's allowed accounts (issue 16
 * item 4: a user limited to `main` read another account's data through `subUid`). The
 * check walks the request (batches too) and refuses on the first UID that is not allowed.
 * The broker endpoints are the one exception: their subUid names one of the broker's own
 * customers (the exchange holds that list and checks it), never a desk account, so there
 * only a UID of a desk account this user may not use is refused.
 */
export function foreignUid(value: unknown, endpoint: Pick<EndpointDef, 'permission'>, session: Pick<Session, 'accounts'>, keyStore: Pick<KeyStore, 'get' | 'names'>): Refusal | null {
  // Most calls name no UID at all: then there is nothing to check, and no sets to build.
  if (!namesUid(value, 0)) return null;
  const uidOf = (name: string) => keyStore.get(name)?.uid ?? [];
  const allowed = new Set(session.accounts.flatMap(uidOf));
  const deskUids = new Set(keyStore.names().flatMap(uidOf));
  const brokerCustomers = endpoint.permission.startsWith('broker.');
  const refused = (uid: string) => !allowed.has(uid) && (!brokerCustomers || deskUids.has(uid));
  const visit = (v: unknown, path: string, depth: number): Refusal | null => {
    if (depth > 8 || v === null || typeof v !== 'object') return null;
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      const field = path === '' ? key : `${path}.${key}`;
      if (UID_FIELD_RE.test(key) && (typeof child === 'string' || typeof child === 'number')) {
        if (refused(String(child))) return refuse('DESK403A', { field: `${field}=${shown(String(child), 24)}` });
      } else {
        const found = visit(child, field, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  return visit(value, '', 0);
}
