import { describe, expect, it } from 'vitest';
import { cancelReasonText, orderSourceText, orderStateText } from './order-words';

describe('order words', () => {
  it('names every state and cancel source as words, never snake_case', () => {
    expect(orderStateText('partially_filled')).toBe('Partially filled');
    expect(cancelReasonText('post_only')).toMatch(/^post-only/);
    expect(cancelReasonText('some_new_reason')).toBe('some new reason');
    expect(cancelReasonText('')).toBe('no reason given');
  });

  it('tells a TP, an SL and a liquidation from the trader’s own orders by delegateType', () => {
    for (const t of ['position_stop_profit_market', 'position_stop_profit_limit', 'stop_profit_market', 'bbo_opponent1_profit', 'tg_signal_tp_market']) expect(orderSourceText(t)).toBe('Take profit');
    for (const t of ['position_stop_loss_market', 'stop_loss_limit', 'mmr_stop_loss_market', 'dummy_bbo_loss', 'tg_signal_sl_market']) expect(orderSourceText(t)).toBe('Stop loss');
    expect(orderSourceText('liquidation')).toBe('Liquidation');
    for (const t of [undefined, '', 'normal', 'market', 'plan_limit', 'liquidation_take_over_long', 'strategy_grid_positive']) expect(orderSourceText(t)).toBeUndefined();
  });
});
