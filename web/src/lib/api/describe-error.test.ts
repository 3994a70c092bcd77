import { describe, expect, it } from 'vitest';
import { ApiError as ContractApiError } from '@contract/core/errors';
import { DeskApiError } from './api-error';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('gives the exchange message with its code', () => {
    expect(describeError(new DeskApiError({ code: '43012', msg: 'Insufficient balance', status: 400 }))).toBe('Insufficient balance (43012)');
  });

  it('puts the field the proxy names before the message', () => {
    expect(describeError(new DeskApiError({ code: 'DESK400', msg: 'must be a decimal', status: 400, field: 'qty' }))).toBe('qty: must be a decimal (DESK400)');
  });

  it('does not repeat a field the message already starts with', () => {
    expect(describeError(new DeskApiError({ code: 'desk.invalid-request', msg: 'price: is required; nothing was sent', status: 0, field: 'price' }))).toBe(
      'price: is required; nothing was sent (desk.invalid-request)',
    );
  });

  it('reads the contract’s ApiError the same way (errors from either side)', () => {
    expect(describeError(new ContractApiError('40019', 'Parameter symbol cannot be empty', 400, 'symbol'))).toBe('symbol: Parameter symbol cannot be empty (40019)');
  });

  it('gives a plain error its message, and anything else as text', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError('boom')).toBe('boom');
  });
});
