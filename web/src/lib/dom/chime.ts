// A short tone per notification kind, made with Web Audio: no sound file to fetch (nothing
// is fetched at runtime), and distinct pitches so a trader can tell a fill from a cancel
// without looking.
import type { NotificationEvent } from '@web/lib/preferences/notification-sounds';

const pitch: Record<NotificationEvent, number> = { filled: 880, partially_filled: 660, canceled: 330, tpsl: 1175 };

let context: AudioContext | null = null;

export function playChime(event: NotificationEvent): void {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = pitch[event];
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25);
    osc.connect(gain).connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 0.25);
  } catch {
    // A browser that refuses audio (no device, autoplay policy) just stays silent.
  }
}
