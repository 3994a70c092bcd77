// What an error says, for a log line, a report or a refusal: its message, or the thrown value as text.
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
