// subscribe/unsubscribe of the depth channels (spec 6.3): each arg is checked on its own,
// acknowledged with {"event":"subscribe","arg":{...}} or refused with 30001 (no such
// channel or instrument) or 30016 (a malformed arg, naming the field); a subscription
// sends its snapshot right after the ack.
import { depthArgSchema, depthTopics } from '@contract/schemas/ws-depth';
import { check } from '@contract/core/validation';
import type { DepthHub } from './depth-hub';
import type { WsSession } from './ws-session';

export function isDepthTopic(topic: unknown): boolean {
  return typeof topic === 'string' && (depthTopics as readonly string[]).includes(topic);
}

export function handleDepthArg(session: WsSession, hub: DepthHub, op: 'subscribe' | 'unsubscribe', raw: unknown): void {
  const checked = check(depthArgSchema, raw);
  if (!checked.ok) {
    const field = checked.field;
    if (field === 'topic') session.sendError('30001', { arg: raw, msg: `Channel does not exist: topic must be one of ${depthTopics.join(', ')}` });
    else session.sendError('30016', { arg: raw, msg: `Parameter error: ${field}: ${checked.message}` });
    return;
  }
  const arg = checked.data;
  const argJson = JSON.stringify(arg);
  if (op === 'unsubscribe') {
    if (hub.unsubscribe(arg, session)) session.send(`{"event":"unsubscribe","arg":${argJson}}`);
    else session.sendError('30010', { arg });
    return;
  }
  // The ack goes out before the snapshot the subscription sends.
  session.cork();
  const outcome = hub.subscribe(arg, session, argJson);
  if (!outcome.ok) {
    session.uncork();
    session.sendError(outcome.code, { arg, msg: outcome.msg });
    return;
  }
  session.uncorkAfter(`{"event":"subscribe","arg":${argJson},"connId":"${session.connId}"}`);
}
