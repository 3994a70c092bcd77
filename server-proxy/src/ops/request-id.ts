// Every request gets an ID: the one a load balancer sent in x-request-id when it is a
// plain token, or a fresh random one. It is answered in x-request-id, written on the
// request's audit row, and put in the log lines about the request, so one mutation can
// be followed from the balancer's log through ours to the audit log.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const TOKEN = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && TOKEN.test(sent) ? sent : randomUUID();
}
