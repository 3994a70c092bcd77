// Instruments with their steps pre-converted for the hot path: tick and lot scales, step
// sizes in money units, fee rates in money units. Spot and margin share one engine book per
// symbol (bookKey), futures have their own.
import type { TradedCategory } from '@contract/schemas/common';
import { scaleOf, toScaled } from '@contract/core/decimal';
import type { z } from 'zod';
import type { instrument } from '@contract/schemas/instruments';
import { money } from '../core/money';
import { SimError } from '../core/sim-error';
import { instrumentSpecs, type InstrumentSpec } from './instrument-specs';

export interface Instrument extends InstrumentSpec {
  /** The engine book this instrument trades on. */
  bookKey: string;
  priceScale: number;
  qtyScale: number;
  quoteScale: number;
  tickMoney: bigint;
  lotMoney: bigint;
  /** The tick size in units of priceScale, and the lot size in units of qtyScale (both integers). */
  tickUnits: number;
  lotUnits: number;
  minLots: number;
  maxLots: number;
  minAmountMoney: bigint;
  makerRate: bigint;
  takerRate: bigint;
}

export type InstrumentRecordInput = z.input<typeof instrument>;

/** Upper-case category names as the public API writes them in responses. */
export function categoryLabel(category: TradedCategory): string {
  return category.toUpperCase();
}

export function bookKeyOf(category: TradedCategory, symbol: string): string {
  return category === 'usdt-futures' ? `usdt-futures:${symbol}` : `spot:${symbol}`;
}

function prepare(spec: InstrumentSpec): Instrument {
  const priceScale = scaleOf(spec.tickSize);
  const qtyScale = scaleOf(spec.lotSize);
  const lot = toScaled(spec.lotSize, qtyScale);
  return {
    ...spec,
    bookKey: bookKeyOf(spec.category, spec.symbol),
    priceScale,
    qtyScale,
    quoteScale: Math.min(8, priceScale + qtyScale),
    tickMoney: money(spec.tickSize),
    lotMoney: money(spec.lotSize),
    tickUnits: Number(toScaled(spec.tickSize, priceScale)),
    lotUnits: Number(lot),
    minLots: Number(toScaled(spec.minOrderQty, qtyScale) / lot),
    maxLots: Number(toScaled(spec.maxOrderQty, qtyScale) / lot),
    minAmountMoney: money(spec.minOrderAmount),
    makerRate: money(spec.makerFeeRate),
    takerRate: money(spec.takerFeeRate),
  };
}

export class InstrumentRegistry {
  readonly all: readonly Instrument[];
  private readonly byKey = new Map<string, Instrument>();
  /** primaryOf by book key (asked on every book change). */
  private readonly primaries = new Map<string, Instrument>();

  constructor(specs: readonly InstrumentSpec[] = instrumentSpecs) {
    this.all = specs.map(prepare);
    for (const i of this.all) this.byKey.set(`${i.category}:${i.symbol}`, i);
    for (const i of this.all) if (i.category !== 'margin' && !this.primaries.has(i.bookKey)) this.primaries.set(i.bookKey, i);
  }

  find(category: string, symbol: string): Instrument | undefined {
    return this.byKey.get(`${category}:${symbol}`);
  }

  /** The instrument or 25100 naming the symbol. */
  get(category: string, symbol: string): Instrument {
    const found = this.find(category, symbol);
    if (!found) throw new SimError('25100', { field: `${symbol} (${category})` });
    return found;
  }

  /** Distinct engine books. */
  bookKeys(): string[] {
    return [...new Set(this.all.map((i) => i.bookKey))];
  }

  /** The instrument that owns a book's public identity (spot for shared spot/margin books). */
  primaryOf(bookKey: string): Instrument {
    const found = this.primaries.get(bookKey);
    if (!found) throw new Error(`no instrument for book ${bookKey}`);
    return found;
  }

  record(i: Instrument): InstrumentRecordInput {
    const lotCount = (n: number) => n.toString();
    const view = {
      symbol: i.symbol,
      category: categoryLabel(i.category),
      baseCoin: i.baseCoin,
      quoteCoin: i.quoteCoin,
      makerFeeRate: i.makerFeeRate,
      takerFeeRate: i.takerFeeRate,
      minOrderQty: i.minOrderQty,
      maxOrderQty: i.maxOrderQty,
      minOrderAmount: i.minOrderAmount,
      pricePrecision: String(i.priceScale),
      quantityPrecision: String(i.qtyScale),
      quotePrecision: String(i.quoteScale),
      priceMultiplier: i.tickSize,
      quantityMultiplier: i.lotSize,
      status: 'online',
      ...(i.minLever ? { minLever: i.minLever } : {}),
      ...(i.maxLever ? { maxLever: i.maxLever } : {}),
      maxSymbolOrderNum: lotCount(400),
      ...(i.category === 'usdt-futures' ? { type: 'perpetual', fundInterval: '8', maxPositionNum: lotCount(150) } : {}),
      // Fields market-data.md lists that the contract does not read (no price band, no
      // markup, nothing scheduled); the SDK's types require them.
      buyLimitPriceRatio: '',
      sellLimitPriceRatio: '',
      feeRateUpRatio: '0',
      maxMarketOrderQty: i.maxOrderQty,
      maxProductOrderNum: lotCount(400),
      offTime: '',
      limitOpenTime: '',
      maintainTime: '',
    };
    return view;
  }
}
