// The ui bench's floor (issue 18), for UI_BENCH_FLOOR=1: the least page that reads what the
// trade screen reads. It opens the same public socket through the proxy (batched, as the
// app asks), subscribes to the same book and trades, counts the pushes and repaints one
// small canvas once a frame. The page probe measures it as it measures the app. So its
// figures are what this machine, the simulator, the proxy and Chromium cost with no app
// at all, and the app's figures minus them are what the trade screen adds; the proxy
// bench's floor (a bare node:http + undici relay) plays the same part there.
// It shows its first push in an element labelled "Mid price", which the bench waits for.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DepthArg } from '../../contract/schemas/ws-depth';
import { wsSubscribeRequest } from '../../contract/schemas/ws-private';

/** The page's files by path under the web root: served by the proxy like a build. */
export function floorPageFiles(book: DepthArg): Record<string, string> {
  // The contract's subscribe request, checked here so a changed shape fails the page's test.
  const subscribe = wsSubscribeRequest.parse({ op: 'subscribe', args: [book, { ...book, topic: 'publicTrade' }] });
  const script = `
const socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws/public?batch=1');
socket.onopen = () => socket.send(${JSON.stringify(JSON.stringify(subscribe))});
const ctx = document.getElementById('floor').getContext('2d');
const mid = document.querySelector('[aria-label="Mid price"]');
let pushes = 0;
let chars = 0;
let due = false;
socket.onmessage = (event) => {
  pushes++;
  chars += event.data.length;
  if (pushes === 1) mid.textContent = '1';
  if (due) return;
  due = true;
  requestAnimationFrame(() => {
    due = false;
    ctx.clearRect(0, 0, 280, 240);
    ctx.fillText(pushes + ' pushes, ' + chars + ' characters', 8, 20);
  });
};
`;
  return {
    'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ui bench floor</title><script type="module" src="/assets/floor.js"></script></head><body><p aria-label="Mid price">–</p><canvas id="floor" width="280" height="240"></canvas></body></html>\n',
    'assets/floor.js': script,
  };
}

/** Writes the floor page under `dir`, which then serves as the proxy's web root. */
export function writeFloorPage(dir: string, book: DepthArg): void {
  for (const [file, text] of Object.entries(floorPageFiles(book))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}
