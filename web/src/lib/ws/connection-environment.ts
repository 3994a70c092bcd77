// What the connection manager needs from the page: is the network up, is the page
// visible, and when do those change. Injected so tests drive it without a browser.
export type EnvironmentEvent = 'online' | 'offline' | 'visible';

export interface ConnectionEnvironment {
  isOnline(): boolean;
  isVisible(): boolean;
  on(event: EnvironmentEvent, handler: () => void): () => void;
}

export function browserEnvironment(): ConnectionEnvironment {
  const hasWindow = typeof window !== 'undefined';
  const hasDocument = typeof document !== 'undefined';
  return {
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    isVisible: () => (hasDocument ? document.visibilityState !== 'hidden' : true),
    on(event, handler) {
      if (event === 'visible') {
        if (!hasDocument) return () => {};
        const listener = () => {
          if (document.visibilityState === 'visible') handler();
        };
        document.addEventListener('visibilitychange', listener);
        return () => document.removeEventListener('visibilitychange', listener);
      }
      if (!hasWindow) return () => {};
      window.addEventListener(event, handler);
      return () => window.removeEventListener(event, handler);
    },
  };
}
