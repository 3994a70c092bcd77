// valueOf's number fast path must give the bigint formula's exact value for every instrument.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstrumentRegistry } from '../instruments/instrument-registry';
import { ONE } from '../core/money';
import { valueOf } from './order-checks';

const instruments = new InstrumentRegistry().all;

describe('valueOf', () => {
  it('equals price x quantity in money units computed on bigints, small and huge alike', () => {
    const count = fc.oneof(fc.nat({ max: 1_000_000 }), fc.maxSafeInteger());
    fc.assert(
      fc.property(fc.constantFrom(...instruments), count, count, (inst, ticks, lots) => {
        const exact = (BigInt(ticks) * inst.tickMoney * BigInt(lots) * inst.lotMoney) / ONE;
        expect(valueOf(inst, ticks, lots)).toBe(exact);
        expect(valueOf(inst, BigInt(ticks), lots)).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });
});
