// Read models of the unified account (spec 4.5): assets with USD valuation and unrealised
// PnL, funding assets, max-open-available (spec 2.7), max-transferable. Computed from the
// same balances and positions the bus reports, so they agree with every push.
import type { TradedCategory } from '@contract/schemas/common';
import type { z } from 'zod';
import type { assets, fundingAssets, maxOpen, maxTransferable } from '@contract/schemas/account';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import type { MarketData } from '../market/market-data';
import { fmtMoney, fmtMoneyAt, maxBig, money, ONE } from '../core/money';
import { SimError } from '../core/sim-error';
import { lotsText } from '../trading/sim-order';
import { MAINTENANCE_RATE, type PositionBook } from '../trading/position-book';
import type { AccountStore } from '../accounts/account-store';

type AssetsInput = z.input<typeof assets>;
type FundingInput = z.input<typeof fundingAssets>;
type MaxOpenInput = z.input<typeof maxOpen>;
type MaxTransferableInput = z.input<typeof maxTransferable>;

const USD_SCALE = 8;
const nonNegative = (v: bigint) => fmtMoneyAt(maxBig(v, 0n), USD_SCALE);

export class AccountViews {
  constructor(
    private readonly accounts: AccountStore,
    private readonly instruments: InstrumentRegistry,
    private readonly positions: PositionBook,
    private readonly market: MarketData,
  ) {}

  assets(uid: number): AssetsInput {
    const a = this.accounts.get(uid);
    const open = this.positions.openOf(uid);
    const upl = open.reduce((s, p) => s + this.positions.unrealised(p), 0n);
    const imr = this.positions.marginInUse(uid);
    const mmr = open.reduce((s, p) => s + (p.entryValue * MAINTENANCE_RATE) / ONE, 0n);
    let equityUsd = 0n;
    const rows: AssetsInput['assets'] = [];
    for (const [coin, b] of a.balances) {
      if (b.balance === 0n && b.locked === 0n && coin !== 'USDT') continue;
      const margin = coin === 'USDT' ? imr : 0n;
      const equity = b.balance + (coin === 'USDT' ? upl : 0n);
      const usd = (equity * this.market.usdPrice(coin)) / ONE;
      equityUsd += usd;
      rows.push({
        coin,
        equity: fmtMoney(equity),
        usdValue: fmtMoneyAt(usd, USD_SCALE),
        balance: fmtMoney(b.balance),
        available: fmtMoney(b.balance - b.locked - margin),
        debt: '0',
        locked: fmtMoney(b.locked + margin),
      });
    }
    const btc = this.market.usdPrice('BTC');
    // Two fields the docs list (account.md) and the contract does not read: a variable, not
    // a literal, so the return type's excess-property check lets them through.
    const view = {
      accountEquity: fmtMoneyAt(equityUsd, USD_SCALE),
      usdtEquity: fmtMoneyAt(equityUsd, USD_SCALE),
      btcEquity: btc === 0n ? '0' : fmtMoneyAt((equityUsd * ONE) / btc, USD_SCALE),
      unrealisedPnl: fmtMoney(upl),
      // Unrealised PnL is in USDT already (USDT futures only), which the simulator values at 1 USD.
      usdtUnrealisedPnl: fmtMoney(upl),
      btcUnrealizedPnl: btc === 0n ? '0' : fmtMoneyAt((upl * ONE) / btc, USD_SCALE),
      effEquity: fmtMoneyAt(equityUsd, USD_SCALE),
      mmr: fmtMoney(mmr),
      imr: fmtMoney(imr),
      mgnRatio: equityUsd > 0n ? nonNegative((mmr * ONE) / equityUsd) : '0',
      positionMgnRatio: equityUsd > 0n ? nonNegative((imr * ONE) / equityUsd) : '0',
      assets: rows,
    };
    return view;
  }

  fundingAssets(uid: number, coin?: string): FundingInput {
    return [...this.accounts.fundingOf(uid)]
      .filter(([c]) => coin === undefined || c === coin)
      .map(([c, f]) => ({ coin: c, available: fmtMoney(f.available), frozen: fmtMoney(f.frozen), balance: fmtMoney(f.available + f.frozen) }));
  }

  maxTransferable(uid: number, coin: string, subUid?: string): MaxTransferableInput {
    let target = uid;
    if (subUid !== undefined) {
      const sub = this.accounts.find(Number(subUid));
      if (!sub || sub.parentUid !== uid || sub.uid === uid) throw new SimError('40310', { field: subUid });
      target = sub.uid;
    }
    // No borrowing is simulated, so the borrowing-inclusive amount equals the plain one.
    const free = fmtMoney(maxBig(this.accounts.available(target, coin), 0n));
    return { coin, maxTransfer: free, borrowMaxTransfer: free };
  }

  /** spec 2.7. Spot/margin `available` is quote for buy, base for sell; futures in USDT. */
  maxOpen(uid: number, req: { category: string; symbol: string; orderType: string; side: 'buy' | 'sell'; price?: string | undefined; size?: string | undefined }): MaxOpenInput {
    const category = req.category as TradedCategory;
    const inst = this.instruments.get(category, req.symbol);
    const price = req.orderType === 'limit' && req.price !== undefined ? money(req.price, 'price') : this.refPrice(inst, req.side);
    const size = req.size === undefined ? undefined : money(req.size, 'size');
    const floorLots = (qty: bigint) => Number(qty / inst.lotMoney);
    if (category !== 'usdt-futures') {
      if (req.side === 'buy') {
        const available = this.accounts.available(uid, inst.quoteCoin);
        const max = price === 0n ? 0 : floorLots((available * ONE) / price);
        return { available: fmtMoney(available), maxOpen: lotsText(inst, max), buyOpenCost: size === undefined ? '' : fmtMoney((size * price) / ONE), sellOpenCost: '', maxBuyOpen: lotsText(inst, max), maxSellOpen: '' };
      }
      const available = this.accounts.available(uid, inst.baseCoin);
      const max = floorLots(available);
      return { available: fmtMoney(available), maxOpen: lotsText(inst, max), buyOpenCost: '', sellOpenCost: size === undefined ? '' : fmtMoney(size), maxBuyOpen: '', maxSellOpen: lotsText(inst, max) };
    }
    const available = this.accounts.available(uid, 'USDT');
    const leverage = this.positions.leverageOf(uid, inst.symbol);
    const costOf = (qty: bigint) => {
      const notional = (price * qty) / ONE;
      return (notional * ONE) / leverage + (notional * inst.takerRate) / ONE;
    };
    const perLot = costOf(inst.lotMoney);
    const max = perLot === 0n || available <= 0n ? 0 : Number(available / perLot);
    const maxText = lotsText(inst, max);
    const cost = size === undefined ? '' : fmtMoney(costOf(size));
    return { available: fmtMoney(available), maxOpen: maxText, buyOpenCost: cost, sellOpenCost: cost, maxBuyOpen: maxText, maxSellOpen: maxText };
  }

  private refPrice(inst: Instrument, side: 'buy' | 'sell'): bigint {
    return this.market.bestOpposite(inst, side) ?? (inst.category === 'usdt-futures' ? this.market.markOf(inst.symbol) : this.market.fairPrice(inst));
  }
}
