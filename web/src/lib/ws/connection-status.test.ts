import { describe, expect, it } from 'vitest';
import { overallStatus } from './connection-status';
import { createConnectionStatusStore } from './connection-status-store';

describe('overallStatus', () => {
  it('is connected only when every socket in use is connected', () => {
    expect(overallStatus(['connected', 'connected'])).toBe('connected');
    expect(overallStatus(['connected', 'idle'])).toBe('connected');
  });

  it('shows the worst socket, so a dead private socket is not hidden by a live public one', () => {
    expect(overallStatus(['connected', 'reconnecting'])).toBe('reconnecting');
    expect(overallStatus(['stale', 'reconnecting'])).toBe('stale');
    expect(overallStatus(['offline', 'connected'])).toBe('offline');
    expect(overallStatus(['connecting', 'connected'])).toBe('connecting');
  });

  it('is idle when no socket is in use', () => {
    expect(overallStatus([])).toBe('idle');
    expect(overallStatus(['idle', 'idle'])).toBe('idle');
  });
});

describe('connection status store', () => {
  it('records each socket separately', () => {
    const store = createConnectionStatusStore();
    store.getState().setStatus('private', 'stale');
    expect(store.getState().sockets).toEqual({ public: 'idle', private: 'stale' });
  });
});
