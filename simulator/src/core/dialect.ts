// Which dialect the simulator speaks (SIM_DIALECT). `seed` (the default) follows the seed
// spec where it names a value; `live` follows the live exchange's public documentation
// (shared/reference/exchange-uta-docs) where the two differ. Where the seed is silent both
// dialects already speak the documented shapes; README.md "Dialects" lists the differences.
export const dialects = ['seed', 'live'] as const;
export type Dialect = (typeof dialects)[number];

/** SIM_DIALECT from the environment; anything other than seed or live is refused, not guessed. */
export function dialectFrom(env: Record<string, string | undefined>): Dialect {
  const raw = env.SIM_DIALECT;
  if (raw === undefined || raw === '') return 'seed';
  const value = raw.trim().toLowerCase();
  if (value === 'seed' || value === 'live') return value;
  throw new Error(`SIM_DIALECT must be seed or live, got ${raw}`);
}
