import { describe, expect, it } from 'vitest';
import { requestBodyText } from './request-body-text';

describe('requestBodyText', () => {
  it('indents a JSON body and keeps decimal strings as sent', () => {
    expect(requestBodyText('{"qty":"0.0010","price":"65000.10"}')).toBe('{\n  "qty": "0.0010",\n  "price": "65000.10"\n}');
  });

  it('shows a body that is not JSON (a truncated one) exactly as stored', () => {
    expect(requestBodyText('{"symbol":"BTC…')).toBe('{"symbol":"BTC…');
  });

  it('says so when there is no body', () => {
    expect(requestBodyText('')).toBe('(no body)');
  });
});
