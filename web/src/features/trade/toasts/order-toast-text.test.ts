import { readFileSync } from 'node:fs';
import { strategyOrderRecord, type StrategyOrderRecordInput } from '@contract/schemas/strategy-orders';
import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { orderSizeText } from '@web/lib/format/order-size-text';
import { orderStateText } from '@web/lib/format/order-words';
import { marketFormat } from '@web/lib/format/market-format';
import { btcPerp } from '@web/lib/instruments/instrument-fixtures.test-support';
import { instrumentMeta } from '@web/lib/instruments/instrument-meta';
import { strategyToastText, orderToastText } from './order-toast-text';

/** No instruments: numbers as sent, so each wording is read as the exchange wrote it. */
const plain = marketFormat();

const base = orderPush({ price: '65000.5', qty: '0.010', createdTime: '1', updatedTime: '1' });

describe('orderToastText', () => {
  it('says nothing for live and new: those are not events the trader waits for', () => {
    expect(orderToastText(base, plain)).toBeNull();
    expect(orderToastText({ ...base, state: 'new' }, plain)).toBeNull();
  });

  it('announces a fill with its average price', () => {
    expect(orderToastText({ ...base, state: 'filled', cumExecQty: '0.010', avgPrice: '64999.9' }, plain)).toEqual({
      tone: 'success',
      title: 'Order filled',
      body: 'Buy 0.010 BTC on BTCUSDT filled at an average of 64,999.9.',
      key: 'order:1',
      event: 'filled',
    });
  });

  it('announces a partial fill with how much is filled', () => {
    const t = orderToastText({ ...base, state: 'partially_filled', cumExecQty: '0.004', execPrice: '65000.5' }, plain);
    expect(t?.title).toBe('Order partially filled');
    expect(t?.body).toBe('Buy 0.010 BTC on BTCUSDT at 65,000.5: 0.004 BTC of 0.010 BTC filled, last at 65,000.5.');
  });

  it('names the reason of a cancel: self-trade prevention', () => {
    const t = orderToastText({ ...base, side: 'sell', state: 'canceled', cancelSource: 'self_trade' }, plain);
    expect(t).toMatchObject({ tone: 'warning', title: 'Order canceled' });
    expect(t?.body).toBe('Sell 0.010 BTC on BTCUSDT at 65,000.5 canceled: self-trade prevention: it would have traded with your own order.');
  });

  it('names the reason of a cancel: post-only that would cross', () => {
    expect(orderToastText({ ...base, state: 'canceled', cancelSource: 'post_only' }, plain)?.body).toMatch(/post-only: it would have crossed/);
  });

  it('says a user cancel is the user’s, and mentions a partial fill before it', () => {
    const t = orderToastText({ ...base, state: 'canceled', cancelSource: 'user', cumExecQty: '0.002' }, plain);
    expect(t).toMatchObject({ tone: 'info' });
    expect(t?.body).toBe('Buy 0.010 BTC on BTCUSDT at 65,000.5 canceled after 0.002 BTC filled: by you.');
  });

  it('puts prices on the instrument’s tick and sizes on its lot when it is known', () => {
    const fmt = marketFormat([instrumentMeta(btcPerp)!]);
    const perp = { ...base, category: 'usdt-futures', price: '65000', qty: '0.01', state: 'filled' as const, cumExecQty: '0.01', avgPrice: '64999.98' };
    expect(orderToastText(perp, fmt)?.body).toBe('Buy 0.010 BTC on BTCUSDT filled at an average of 64,999.9.');
  });

  it('says when a take profit, a stop loss or a liquidation sent the order, not the trader', () => {
    const closing = { ...base, side: 'sell' as const, orderType: 'market' as const, state: 'filled' as const, cumExecQty: '0.010', avgPrice: '70000.5' };
    expect(orderToastText({ ...closing, delegateType: 'position_stop_profit_market' }, plain)?.title).toBe('Take profit: order filled');
    expect(orderToastText({ ...closing, delegateType: 'stop_loss_limit' }, plain)?.title).toBe('Stop loss: order filled');
    expect(orderToastText({ ...closing, delegateType: 'liquidation' }, plain)?.title).toBe('Liquidation: order filled');
    expect(orderToastText({ ...closing, delegateType: 'market' }, plain)?.title).toBe('Order filled');
  });

  it('labels a spot market buy in the quote coin it spends, and its fills in the base coin', () => {
    const buy = { ...base, orderType: 'market' as const, price: '', qty: '100', amount: '100', state: 'filled' as const, cumExecQty: '0.001538', avgPrice: '65010.2' };
    expect(orderToastText(buy, plain)?.body).toBe('Buy 100 USDT on BTCUSDT filled (0.001538 BTC) at an average of 65,010.2.');
    // The live record reports qty 0 and the amount apart (trade.md, order info).
    expect(orderSizeText({ ...buy, qty: '0' })).toBe('100 USDT');
    expect(orderSizeText({ ...buy, side: 'sell', qty: '0.5' })).toBe('0.5 BTC');
    expect(orderSizeText({ ...buy, category: 'usdt-futures', qty: '0.010' })).toBe('0.010 BTC');
  });

  it('shows states as words', () => {
    expect(orderStateText('partially_filled')).toBe('Partially filled');
    expect(orderStateText('canceled')).toBe('Canceled');
    expect(orderStateText('not_triggered')).toBe('not triggered');
  });

  it('shows an unknown cancel source as sent rather than hiding it', () => {
    expect(orderToastText({ ...base, state: 'canceled', cancelSource: 'risk_engine' as never }, plain)?.body).toMatch(/risk engine/);
  });

});

describe('strategyToastText', () => {
  const tpsl = JSON.parse(readFileSync('contract/fixtures/rest-unfilled-strategy-orders.json', 'utf8')) as { example: { data: StrategyOrderRecordInput[] } };
  const record = strategyOrderRecord.parse(tpsl.example.data[0]);

  it('says which side fired, where, on which price', () => {
    expect(strategyToastText({ ...record, status: 'success', triggerType: 'takeProfit', takeProfit: '70000', tpTriggerBy: 'mark' }, plain)).toMatchObject({
      tone: 'success',
      title: 'Take profit triggered',
      body: `Take profit on ${record.symbol} ${record.posSide} at 70,000 (mark price): a closing order was sent.`,
      event: 'tpsl',
    });
    expect(strategyToastText({ ...record, status: 'failed', triggerType: 'stopLoss', stopLoss: '60000', slTriggerBy: 'market' }, plain)).toMatchObject({ tone: 'error', title: 'Stop loss failed' });
  });

  it('says nothing of a TP/SL placed, changed or cancelled (the trader did that)', () => {
    for (const status of ['pending', 'cancelled'] as const) expect(strategyToastText({ ...record, status }, plain)).toBeNull();
  });
});
