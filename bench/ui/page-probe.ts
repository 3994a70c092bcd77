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
//   Each latency is also split at the moment the page's main thread took the message: source
//   to page (stamp to that moment: the simulator, the proxy, the kernel and the browser's
//   network path) and page to frame (that moment to the frame's end: what the page does);
// - the same for the trades tape (issue 18): every `publicTrade` message carries each
//   trade's time `T`, stamped by the same clock when the trade happened;
// - a long-animation-frame observer (max duration, total blocking duration).
// It reads the socket through an extra listener, so the app's own path is untouched.
// `__uiProbe.start()` clears everything and starts recording; `stop()` ends it.
export const pageProbe = String.raw`
(() => {
  const probe = {
    frames: [], latencies: [], transits: [], inPage: [], messages: 0, socketFrames: 0, loafs: [], recording: false,
    tradeLatencies: [], trades: 0,
    startedAt: 0, stoppedAt: 0,
    start() {
      this.startedAt = performance.now();
      this.frames = []; this.latencies = []; this.transits = []; this.inPage = []; this.messages = 0; this.socketFrames = 0; this.loafs = [];
      this.tradeLatencies = []; this.trades = 0;
      pending = []; pendingTrades = []; last = 0; this.recording = true;
    },
    stop() { this.recording = false; this.stoppedAt = performance.now(); },
  };
  window.__uiProbe = probe;
  let last = 0;
  const loop = (t) => {
    if (probe.recording && last) probe.frames.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  // Stamps waiting for the next frame, each followed by the moment the page took it.
  let pending = [];
  // Trade stamps waiting for the next frame (the tape's update-to-paint).
  let pendingTrades = [];
  let scheduled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.timeOrigin + performance.now();
    if (probe.recording) {
      for (let i = 0; i < pending.length; i += 2) {
        probe.latencies.push(now - pending[i]);
        probe.transits.push(pending[i + 1] - pending[i]);
        probe.inPage.push(now - pending[i + 1]);
      }
      for (const stamp of pendingTrades) probe.tradeLatencies.push(now - stamp);
    }
    pending = [];
    pendingTrades = [];
  };
  // Every stamp of the frame: a batching relay (?batch=1) sends several pushes in one.
  // A plain indexOf scan: the probe shares the page's thread, so it should cost little.
  // A stamp is "ts":"<13 digits>" (milliseconds), followed by its closing quote.
  const STAMP = '"ts":"';
  const DIGITS_AT = STAMP.length;
  const END = DIGITS_AT + 13;
  const QUOTE = 34;
  const TRADE_STAMP = '"T":"';
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      channel.port2.postMessage(0);
    });
  };
  const onTrades = (data) => {
    let found = 0;
    for (let i = data.indexOf(TRADE_STAMP); i >= 0; i = data.indexOf(TRADE_STAMP, i + TRADE_STAMP.length + 13)) {
      const stamp = Number(data.slice(i + TRADE_STAMP.length, i + TRADE_STAMP.length + 13));
      if (!(stamp > 0) || data.charCodeAt(i + TRADE_STAMP.length + 13) !== QUOTE) continue;
      found++;
      pendingTrades.push(stamp);
    }
    if (found === 0) return;
    if (probe.recording) probe.trades += found;
    schedule();
  };
  const onMessage = (ev) => {
    const data = ev.data;
    if (typeof data !== 'string') return;
    if (data.indexOf('"publicTrade"') >= 0) onTrades(data);
    if (data.indexOf('"books"') < 0) return;
    const at = performance.timeOrigin + performance.now();
    let found = 0;
    for (let i = data.indexOf(STAMP); i >= 0; i = data.indexOf(STAMP, i + END)) {
      const stamp = Number(data.slice(i + DIGITS_AT, i + END));
      if (!(stamp > 0) || data.charCodeAt(i + END) !== QUOTE) continue;
      found++;
      pending.push(stamp, at);
    }
    if (found === 0) return;
    if (probe.recording) {
      probe.messages += found;
      probe.socketFrames++;
    }
    schedule();
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
