// The stored request body for reading: JSON indented, anything else (a truncated body,
// a non-JSON payload) exactly as stored.
export function requestBodyText(body: string): string {
  if (!body) return '(no body)';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
