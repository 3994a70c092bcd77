// Small-integer codes for the hot path: comparing SMIs is cheaper than comparing strings,
// and keeps the order node's fields monomorphic. Public API strings are mapped at the edge.
import { sides, stpModes, timeInForces } from '@contract/schemas/common';
import type { Side, StpMode, TimeInForce } from './engine-types';

export const BUY = 0;
export const SELL = 1;

export const TIF_GTC = 0;
export const TIF_IOC = 1;
export const TIF_FOK = 2;
export const TIF_POST_ONLY = 3;

export const STP_NONE = 0;
export const STP_CANCEL_MAKER = 1;
export const STP_CANCEL_TAKER = 2;
export const STP_CANCEL_BOTH = 3;

// Indexed by the codes above; the contract's enumerations list them in the same order.
export const SIDE_NAMES: readonly Side[] = sides;
export const TIF_NAMES: readonly TimeInForce[] = timeInForces;
export const STP_NAMES: readonly StpMode[] = stpModes;
