import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from './format-time';
import { readLocalTimeRange } from './local-time-range';

describe('readLocalTimeRange', () => {
  it('reads both ends into Unix ms as text, and leaves an empty end open', () => {
    const from = String(parseLocalDateTime('2025-03-01T09:30'));
    expect(readLocalTimeRange('2025-03-01T09:30', '')).toEqual({ ok: true, range: { from } });
    expect(readLocalTimeRange('', '')).toEqual({ ok: true, range: {} });
  });

  it('names the field that is not a date and time', () => {
    expect(readLocalTimeRange('yesterday', '')).toEqual({ ok: false, field: 'from', reason: 'must be a date and time' });
    expect(readLocalTimeRange('', '2025-13-45')).toMatchObject({ ok: false, field: 'to' });
  });

  it('refuses a range that ends before it starts, on "To"', () => {
    expect(readLocalTimeRange('2025-03-02T00:00', '2025-03-01T00:00')).toEqual({ ok: false, field: 'to', reason: 'the range ends before it starts: "To" must not be before "From"' });
  });
});
