// spec 2.1: every REST answer is {code, msg, requestTime, data}.
import { z } from 'zod';

export const SUCCESS = '00000';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), requestTime: z.number(), data });
}

/** Any envelope, success or failure, with data left unchecked. */
export const anyEnvelope = envelope(z.unknown());
export type AnyEnvelope = z.infer<typeof anyEnvelope>;
