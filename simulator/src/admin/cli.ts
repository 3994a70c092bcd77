// A tiny command line for the loopback admin routes of a running simulator
// (simulator/README.md "Driving the simulator"):
//
//   tsx simulator/src/admin/cli.ts deposit --uid 3000002 --coin USDT --amount 100
//   tsx simulator/src/admin/cli.ts deposits [--uid 3000002]
//   tsx simulator/src/admin/cli.ts account-types --uid 3000002
//   tsx simulator/src/admin/cli.ts products --uid 1000001
//   tsx simulator/src/admin/cli.ts request-log [--uid 1000001] [--endpoint reviseHistory] [--since <ms>]
//
// --url picks the simulator (default http://127.0.0.1:$SIM_PORT, SIM_PORT default 8090).
import { parseArgs } from 'node:util';

export interface CliRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, string>;
}

const usage = `usage: cli.ts <deposit|deposits|account-types|products|request-log> [--uid N] [--coin C] [--amount A] [--endpoint E] [--since MS] [--url URL]`;

/** Turns the command line into the admin request it stands for; throws naming what is missing. */
export function requestFor(argv: readonly string[]): { url: string; request: CliRequest } {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      uid: { type: 'string' },
      coin: { type: 'string' },
      amount: { type: 'string' },
      endpoint: { type: 'string' },
      since: { type: 'string' },
      url: { type: 'string' },
    },
  });
  const url = (values.url ?? `http://127.0.0.1:${process.env.SIM_PORT || '8090'}`).replace(/\/$/, '');
  const need = (name: 'uid' | 'coin' | 'amount'): string => {
    const v = values[name];
    if (v === undefined || v === '') throw new Error(`--${name} is required\n${usage}`);
    return v;
  };
  const query = (entries: Record<string, string | undefined>) => {
    const q = new URLSearchParams(Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined)).toString();
    return q ? `?${q}` : '';
  };
  switch (positionals[0]) {
    case 'deposit':
      return { url, request: { method: 'POST', path: '/__sim/deposit', body: { uid: need('uid'), coin: need('coin'), amount: need('amount') } } };
    case 'deposits':
      return { url, request: { method: 'GET', path: `/__sim/deposits${query({ uid: values.uid })}` } };
    case 'account-types':
      return { url, request: { method: 'GET', path: `/__sim/account-types${query({ uid: need('uid') })}` } };
    case 'products':
      return { url, request: { method: 'GET', path: `/__sim/products${query({ uid: need('uid') })}` } };
    case 'request-log':
      return { url, request: { method: 'GET', path: `/__sim/request-log${query({ uid: values.uid, endpoint: values.endpoint, since: values.since })}` } };
    default:
      throw new Error(usage);
  }
}

async function main(): Promise<void> {
  const { url, request } = requestFor(process.argv.slice(2));
  const res = await fetch(url + request.path, {
    method: request.method,
    ...(request.body ? { body: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const text = await res.text();
  console.log(text);
  if (!res.ok) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
