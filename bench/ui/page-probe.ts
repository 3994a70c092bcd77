// Injected into every page before any app script (BENCHMARKS.md "ui"):
// - an always-on requestAnimationFrame loop recording frame intervals;
// - update-to-paint latency: every `books` message on /ws/public carries its source stamp,
//   the `ts` the simulator wrote when it built the push (bench/ui/churn-simulator.ts: its
//   clock is performance.timeOrigin + performance.now() floored to the ms, comparable
//   with the page's performance.timeOrigin + performance.now() on one machine). In the
//   next rAF a MessageChannel post is made, whose task runs after that frame's style,
//   layout and paint, so now - stamp there is the update-to-frame latency. The probe's
//   socket listener is added in the WebSocket constructor, before the app's, so its rAF
//   is queued before the one in which the app publishes the same message: both run in the
//   same frame;
// - a long-animation-frame observer (max duration, total blocking duration).
// It reads the socket through an extra listener, so the app's own path is untouched.
// `__uiProbe.start()` clears everything and starts recording; `stop()` ends it.
export const pageProbe = String.raw`
(() => {
  const probe = {
    frames: [], latencies: [], messages: 0, loafs: [], recording: false,
    start() {
      this.frames = []; this.latencies = []; this.messages = 0; this.loafs = [];
      pending = []; last = 0; this.recording = true;
    },
    stop() { this.recording = false; },
  };
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
  // Every stamp of the frame: a batching relay (?batch=1) sends several pushes in one.
  const STAMP = /"ts":"(\d{13})"/g;
  const onMessage = (ev) => {
    if (typeof ev.data !== 'string' || ev.data.indexOf('"books"') < 0) return;
    let found = 0;
    for (const m of ev.data.matchAll(STAMP)) {
      found++;
      pending.push(Number(m[1]));
    }
    if (found === 0) return;
    if (probe.recording) probe.messages += found;
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
        const scripts = (e.scripts || []).map((s) => ({ d: Math.round(s.duration), src: (s.sourceFunctionName || '') + ' ' + (s.invoker || '') + ' ' + String(s.sourceURL || '').split('/').pop() }));
        probe.loafs.push({ duration: e.duration, blocking: e.blockingDuration || 0, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch (e) {
    probe.loafUnsupported = String(e);
  }
})();
`;
