// The product layer's state for one simulator (spec 4.1-4.4): loans, savings, broker
// auto-transfer with deposits, and conversions. Kept per simulator instance so the admin
// routes and tests reach the same objects the handlers use.
import type { Simulator } from '../api/simulator-parts';
import { BrokerAutoTransfer } from './broker-autotransfer';
import { BrokerSubaccounts } from './broker-subaccounts';
import { LoanRevisionBook } from './loan-revisions';
import { NativeConverter } from './native-convert';
import { SavingsBook } from './savings-redemptions';
import { listedCoins, usdPriceOf, type MidPrice } from './usd-prices';

export interface ProductsState {
  loans: LoanRevisionBook;
  savings: SavingsBook;
  broker: BrokerAutoTransfer;
  brokerSubs: BrokerSubaccounts;
  converter: NativeConverter;
}

const states = new WeakMap<Simulator, ProductsState>();

export function createProductsState(sim: Pick<Simulator, 'accounts' | 'clock'>, mid?: MidPrice): ProductsState {
  const coins = listedCoins();
  // The seeded ND broker (seed-accounts.ts) and its sub-accounts; the same list on every run.
  const brokerSubs = new BrokerSubaccounts(3000001, sim.accounts, 3000001, sim.clock.now());
  return {
    brokerSubs,
    loans: new LoanRevisionBook(sim.clock.now()),
    savings: new SavingsBook(),
    broker: new BrokerAutoTransfer(sim.accounts, sim.clock, () => coins, brokerSubs),
    converter: new NativeConverter(sim.accounts, usdPriceOf(mid), () => sim.clock.now()),
  };
}

export function attachProductsState(sim: Simulator, state: ProductsState): void {
  states.set(sim, state);
}

/** The product state of a simulator whose products extension is installed. */
export function productsOf(sim: Simulator): ProductsState {
  const s = states.get(sim);
  if (!s) throw new Error('the products extension is not installed on this simulator');
  return s;
}
