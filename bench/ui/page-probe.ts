// Injected into the page before any app script (BENCHMARKS.md "ui"):
// - an always-on requestAnimationFrame loop recording frame intervals;
// - update-to-paint latency: every `books` message on /ws/public carries its source stamp
//   (the simulator's `ts`, wall-clock ms); in the next rAF a MessageChannel post is made,
//   whose task runs after that frame's style, layout and paint, so now - stamp there is
//   the update-to-frame latency;
// - a long-animation-frame observer (max duration, total blocking duration).
// It reads the socket through an extra listener, so the app's own path is untouched.
export const pageProbe = String.raw`
(() => {
  const probe = { frames: [], latencies: [], messages: 0, loafMax: 0, loafBlocking: 0, loafCount: 0, recording: false };
  window.__uiProbe = probe;
  let last = 0;
  const loop = (t) => {
    if (probe.recording && last) probe.frames.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  let pending = [];
  let scheduled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.timeOrigin + performance.now();
    if (probe.recording) for (const s of pending) probe.latencies.push(now - s);
    pending = [];
  };
  const STAMP = /"ts":"(\d{13})"/;
  const onMessage = (ev) => {
    if (typeof ev.data !== 'string' || ev.data.charCodeAt(0) !== 123) return;
    const m = STAMP.exec(ev.data);
    if (!m) return;
    probe.messages++;
    pending.push(Number(m[1]));
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        channel.port2.postMessage(0);
      });
    }
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (String(url).includes('/ws/public')) this.addEventListener('message', onMessage);
    }
  };
  try {
    new PerformanceObserver((list) => {
      if (!probe.recording) return;
      for (const e of list.getEntries()) {
        probe.loafCount++;
        probe.loafMax = Math.max(probe.loafMax, e.duration);
        probe.loafBlocking += e.blockingDuration || 0;
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch (e) {
    probe.loafUnsupported = String(e);
  }
})();
`;
