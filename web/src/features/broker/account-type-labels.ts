import { autoTransferAccountTypes } from '@contract/schemas/earn-broker-convert';

/** spec 4.2: what each destination account type is. */
export const accountTypeLabels: Record<(typeof autoTransferAccountTypes)[number], string> = {
  spot: 'spot',
  'usdt-futures': 'usdt-futures (USDT-M futures)',
  'coin-futures': 'coin-futures (coin-M futures)',
  'usdc-futures': 'usdc-futures (USDC-M futures)',
};

/** The destination choices, in the contract's order, for a SelectField. */
export const accountTypeOptions = autoTransferAccountTypes.map((t) => ({ value: t, label: accountTypeLabels[t] }));
