import { describe, expect, it } from 'vitest';
import { faultsOff, faultSettingsFromEnv, parseFaultPatch } from './fault-config';

describe('faults settings from SIM_FAULTS', () => {
  it('leaves the mode off when SIM_FAULTS is absent or empty', () => {
    expect(faultSettingsFromEnv(undefined)).toEqual(faultsOff);
    expect(faultSettingsFromEnv('  ')).toEqual(faultsOff);
  });

  it('reads JSON and turns the mode on', () => {
    const s = faultSettingsFromEnv('{"wsDropEverySec":5,"rest5xxRate":0.1,"msgScope":"book"}');
    expect(s).toMatchObject({ enabled: true, wsDropEverySec: 5, rest5xxRate: 0.1, msgScope: 'book', restLostRate: 0 });
  });

  it('reads a key=value list with numbers, booleans and words', () => {
    const s = faultSettingsFromEnv('seed=7, msgDupRate=0.25 restLostMode=destroy,enabled=false');
    expect(s).toMatchObject({ enabled: false, seed: 7, msgDupRate: 0.25, restLostMode: 'destroy' });
  });

  it('refuses a rate above 1, naming the field', () => {
    expect(() => faultSettingsFromEnv('msgDropRate=2')).toThrow(/msgDropRate: must be between 0 and 1/);
  });

  it('refuses an unknown setting, naming it', () => {
    expect(() => parseFaultPatch({ dropEverything: true })).toThrow(/dropEverything/);
  });

  it('refuses a pair without "="', () => {
    expect(() => faultSettingsFromEnv('wsDropEverySec')).toThrow(/SIM_FAULTS: "wsDropEverySec" is not key=value/);
  });
});
