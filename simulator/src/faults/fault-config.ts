// The faults mode's settings (issue 9): what to break, how often, and the seed that makes
// a run repeatable. Read from SIM_FAULTS (JSON, or a `key=value` list separated by commas
// or spaces) at start, and changed at runtime by POST /__sim/faults (a partial object that
// is merged into the current settings).
import { z } from 'zod';
import { check } from '@contract/core/validation';
import { isDecimalString } from '@contract/core/decimal';

const rate = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const ms = z.number().int('must be whole milliseconds').min(0, 'must not be negative').max(60_000, 'must be at most 60000 ms');

export const faultSettings = z.strictObject({
  /** Master switch: nothing is injected while false, whatever the rates say. */
  enabled: z.boolean(),
  /** Seed of every random choice below; the same seed and the same traffic give the same faults. */
  seed: z.number().int().min(0).max(0xffffffff),
  /** Every N seconds, every open WebSocket connection is cut (0: never). */
  wsDropEverySec: z.number().min(0).max(3600),
  /** Per outgoing WebSocket push: the chance it is lost, sent twice, sent late, or swapped with the next one. */
  msgDropRate: rate,
  msgDupRate: rate,
  msgDelayRate: rate,
  msgReorderRate: rate,
  /** How late a delayed push goes out. */
  msgDelayMs: ms,
  /** Which pushes the message faults touch: depth channels, private channels, or both. */
  msgScope: z.enum(['all', 'book', 'private']),
  /** Per REST call: the chance it is answered 503 before anything is done. */
  rest5xxRate: rate,
  /** Per successful mutating REST call: the chance the work is done but the answer is lost. */
  restLostRate: rate,
  /** How a lost answer is lost: the connection is destroyed, a 5xx replaces it, or either (seeded). */
  restLostMode: z.enum(['destroy', '5xx', 'mixed']),
  /** Added to every REST call before it is handled: latencyMs plus up to latencyJitterMs. */
  latencyMs: ms,
  latencyJitterMs: ms,
});
export type FaultSettings = z.infer<typeof faultSettings>;
export const faultPatch = faultSettings.partial();
export type FaultPatch = z.infer<typeof faultPatch>;

export const faultsOff: FaultSettings = {
  enabled: false,
  seed: 1,
  wsDropEverySec: 0,
  msgDropRate: 0,
  msgDupRate: 0,
  msgDelayRate: 0,
  msgReorderRate: 0,
  msgDelayMs: 300,
  msgScope: 'all',
  rest5xxRate: 0,
  restLostRate: 0,
  restLostMode: 'mixed',
  latencyMs: 0,
  latencyJitterMs: 0,
};

export class FaultConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** A validated patch; a bad field throws FaultConfigError naming it. */
export function parseFaultPatch(value: unknown): FaultPatch {
  const r = check(faultPatch, value);
  if (!r.ok) throw new FaultConfigError(r.field, r.message);
  return r.data;
}

/**
 * SIM_FAULTS as given: JSON (`{"wsDropEverySec":5}`) or `key=value` pairs
 * (`wsDropEverySec=5,rest5xxRate=0.1`). Setting SIM_FAULTS turns the mode on unless it
 * says `enabled=false`. Empty or absent: faults off.
 */
export function faultSettingsFromEnv(raw: string | undefined): FaultSettings {
  if (raw === undefined || raw.trim() === '') return { ...faultsOff };
  const text = raw.trim();
  let value: Record<string, unknown>;
  if (text.startsWith('{')) {
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new FaultConfigError('SIM_FAULTS', 'is not valid JSON');
    }
  } else {
    value = {};
    for (const pair of text.split(/[\s,;]+/).filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new FaultConfigError('SIM_FAULTS', `"${pair}" is not key=value`);
      value[pair.slice(0, eq)] = scalar(pair.slice(eq + 1));
    }
  }
  return { ...faultsOff, enabled: true, ...parseFaultPatch(value) };
}

function scalar(text: string): unknown {
  if (text === 'true' || text === 'on') return true;
  if (text === 'false' || text === 'off') return false;
  // Rates and delays, not money: a JS number is what the fault settings hold.
  if (isDecimalString(text)) return Number(text);
  return text;
}
