import pino, { type DestinationStream, type Logger } from 'pino';

// Anything that could hold a credential is censored even if a future log call passes it
// by mistake. Keys themselves are never handed to the logger (keys/account-credentials.ts
// serializes to a masked summary), so this is the second line of defence.
export const redactPaths = [
  'password',
  '*.password',
  'secret',
  '*.secret',
  'passphrase',
  '*.passphrase',
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
  'csrfToken',
  '*.csrfToken',
  'headers.cookie',
  '*.headers.cookie',
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
  'headers["x-desk-csrf"]',
  '*.headers["x-desk-csrf"]',
  'headers["access-key"]',
  'headers["access-sign"]',
  'headers["access-passphrase"]',
  '*.headers["access-key"]',
  '*.headers["access-sign"]',
  '*.headers["access-passphrase"]',
  '*["ACCESS-KEY"]',
  '*["ACCESS-SIGN"]',
  '*["ACCESS-PASSPHRASE"]',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      base: { service: 'desk-proxy' },
    },
    destination,
  );
}

/** A URL as it may be logged: the one-time login token is cut out. */
export function loggableUrl(url: string): string {
  return url.startsWith('/auth/token') ? '/auth/token?t=[redacted]' : url.slice(0, 300);
}
