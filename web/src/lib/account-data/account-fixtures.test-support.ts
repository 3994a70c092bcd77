// Builders of the private pushes and reads the account-data tests feed in: each a
// complete, schema-valid value with the fields a test cares about overridden.
import type { Assets, Position } from '@contract/schemas/account';
import type { OrderPushItem } from '@contract/schemas/ws-private';

export const orderPush = (over: Partial<OrderPushItem>): OrderPushItem => ({
  orderId: '1',
  clientOid: 'c',
  category: 'spot',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  side: 'buy',
  price: '100',
  qty: '1',
  cumExecQty: '0',
  cumExecValue: '0',
  avgPrice: '0',
  timeInForce: 'gtc',
  state: 'live',
  orderStatus: 'live',
  cancelSource: '',
  createdTime: '10',
  updatedTime: '10',
  ...over,
});

export const position = (over: Partial<Position> = {}): Position => ({
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  marginCoin: 'USDT',
  holdMode: 'one_way_mode',
  posSide: 'long',
  marginMode: 'crossed',
  positionBalance: '65',
  available: '0.01',
  frozen: '0',
  total: '0.01',
  leverage: '10',
  curRealisedPnl: '0',
  avgPrice: '65000',
  positionStatus: 'normal',
  unrealisedPnl: '1',
  liquidationPrice: '0',
  mmr: '0',
  profitRate: '0',
  markPrice: '65100',
  breakEvenPrice: '65000',
  totalFunding: '0',
  openFeeTotal: '0',
  closeFeeTotal: '0',
  createdTime: '1',
  updatedTime: '1',
  ...over,
});

export const assets = (balances: Record<string, string>): Assets => ({
  accountEquity: '1',
  usdtEquity: '1',
  btcEquity: '0',
  unrealisedPnl: '0',
  effEquity: '1',
  mmr: '0',
  imr: '0',
  mgnRatio: '0',
  positionMgnRatio: '0',
  assets: Object.entries(balances).map(([coin, balance]) => ({ coin, balance, equity: balance, usdValue: balance, available: balance, debt: '0', locked: '0' })),
});
