// What an error says, for a log line, a report or a refusal: its message, or the thrown value as text.
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The same, at most 200 characters: what a browser, a readiness answer or a log field gets. */
export const briefMessageOf = (err: unknown): string => messageOf(err).slice(0, 200);
