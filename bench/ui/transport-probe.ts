// Where the book's source-to-page time goes (issue 18), for UI_BENCH_TRANSPORT=1.
//
// A Node client subscribes to the page's book through the proxy, with the page's session,
// and times each push from its source stamp (the `ts` the simulator wrote when it built it,
// on the clock page-probe.ts reads) to the moment the client reads it. A Node process
// with nothing else to do reads its socket as soon as it gets a core. So the
// client's figure is what the simulator, the proxy and the kernel add, and the page's
// source to page minus it is what the browser adds before its main thread takes a message.
//
// The client is a second subscriber: the proxy writes every push twice while it runs. So
// its run is an extra one after the rounds, and its figures are printed, never held to a
// target.
import WebSocket from 'ws';
import type { DepthArg, DepthSubscribeRequest } from '../../contract/schemas/ws-depth';

/** A push's source stamps: `"ts":"<13 digits>"`, as page-probe.ts reads them. */
const STAMP = '"ts":"';
const END = STAMP.length + 13;
const QUOTE = 34;

export interface TransportProbe {
  /** Closes the client and returns the latency of every push it read, in ms, sorted. */
  stop(): number[];
}

/** Opens the client, waits until the relay has accepted it, and starts timing. */
export function startTransportProbe(url: string, headers: Record<string, string>, arg: DepthArg): Promise<TransportProbe> {
  const latencies: number[] = [];
  const socket = new WebSocket(url, { headers, perMessageDeflate: false });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) return;
    const now = performance.timeOrigin + performance.now();
    const text = data.toString();
    if (text.indexOf('"books"') < 0) return;
    for (let i = text.indexOf(STAMP); i >= 0; i = text.indexOf(STAMP, i + END)) {
      const stamp = Number(text.slice(i + STAMP.length, i + END));
      if (stamp > 0 && text.charCodeAt(i + END) === QUOTE) latencies.push(now - stamp);
    }
  });
  const stop = () => {
    socket.terminate();
    return latencies.sort((a, b) => a - b);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`transport probe: no answer from ${url} within 10 s`));
    }, 10_000);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`transport probe: ${err.message}`));
    });
    const subscribe: DepthSubscribeRequest = { op: 'subscribe', args: [arg] };
    socket.once('open', () => socket.send(JSON.stringify(subscribe)));
    // The relay's first answer (the ack) says the subscription stands; timing starts there.
    socket.once('message', () => {
      clearTimeout(timer);
      latencies.length = 0;
      resolve({ stop });
    });
  });
}
