// Why the proxy last closed one of the desk's sockets on purpose (issue 16): "session
// ended: signed out", "session ended: user removed", "too many private sockets (limit 4)".
// Written by the socket managers (desk-sockets.ts), shown by the header's connection
// indicator, so a socket never just goes quiet without saying why.
import { createStore } from 'zustand/vanilla';

export interface SocketClosedNoticeState {
  reason: string | null;
  code: number | null;
  note(code: number, reason: string): void;
}

export const socketClosedNotice = createStore<SocketClosedNoticeState>()((set) => ({
  reason: null,
  code: null,
  note: (code, reason) => set({ code, reason }),
}));
