import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { orderToastText } from './order-toast-text';

const base = orderPush({ price: '65000.5', qty: '0.010', createdTime: '1', updatedTime: '1' });

describe('orderToastText', () => {
  it('says nothing for live and new: those are not events the trader waits for', () => {
    expect(orderToastText(base)).toBeNull();
    expect(orderToastText({ ...base, state: 'new' })).toBeNull();
  });

  it('announces a fill with its average price', () => {
    expect(orderToastText({ ...base, state: 'filled', cumExecQty: '0.010', avgPrice: '64999.9' })).toEqual({
      tone: 'success',
      title: 'Order filled',
      body: 'Buy 0.010 BTCUSDT filled at an average of 64,999.9.',
    });
  });

  it('announces a partial fill with how much is filled', () => {
    const t = orderToastText({ ...base, state: 'partially_filled', cumExecQty: '0.004', execPrice: '65000.5' });
    expect(t?.title).toBe('Order partially filled');
    expect(t?.body).toBe('Buy 0.010 BTCUSDT at 65,000.5: 0.004 of 0.010 filled, last at 65,000.5.');
  });

  it('names the reason of a cancel: self-trade prevention', () => {
    const t = orderToastText({ ...base, side: 'sell', state: 'canceled', cancelSource: 'self_trade' });
    expect(t).toMatchObject({ tone: 'warning', title: 'Order canceled' });
    expect(t?.body).toBe('Sell 0.010 BTCUSDT at 65,000.5 canceled: self-trade prevention: it would have traded with your own order.');
  });

  it('names the reason of a cancel: post-only that would cross', () => {
    expect(orderToastText({ ...base, state: 'canceled', cancelSource: 'post_only' })?.body).toMatch(/post-only: it would have crossed/);
  });

  it('says a user cancel is the user’s, and mentions a partial fill before it', () => {
    const t = orderToastText({ ...base, state: 'canceled', cancelSource: 'user', cumExecQty: '0.002' });
    expect(t).toMatchObject({ tone: 'info' });
    expect(t?.body).toBe('Buy 0.010 BTCUSDT at 65,000.5 canceled after 0.002 filled: by you.');
  });

  it('shows an unknown cancel source as sent rather than hiding it', () => {
    expect(orderToastText({ ...base, state: 'canceled', cancelSource: 'risk_engine' as never })?.body).toMatch(/risk engine/);
  });
});
