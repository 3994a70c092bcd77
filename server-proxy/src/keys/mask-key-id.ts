/** Shows enough of an API key to tell keys apart, never enough to use one. */
export function maskKeyId(apiKey: string): string {
  if (apiKey.length <= 8) return '*'.repeat(Math.max(apiKey.length, 4));
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-2)}`;
}
