// Who may use the archive (its routes and its export jobs): each feed is read with the
// permission of the exchange endpoint it comes from (revisions and loan orders: earn.read;
// fills and orders: trade.read; records: account.read), for an account of the session. A
// change (a sync, an export job) also needs the desk's Origin and CSRF token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArchiveFeed } from '@contract/schemas/archive';
import { sessionOf } from '../auth/authenticate';
import { roleMay } from '../auth/roles';
import type { Session } from '../auth/session-store';
import { replyError } from '../http/error-reply';
import type { AccountCredentials } from '../keys/account-credentials';
import { resolveAccount } from '../policy/call-policy';
import { feedDefs } from '../archive/archive-feeds';
import type { DeskContext } from './desk-context';
import { crossSiteRefusal } from './session-gate';

export type ArchiveAccessCtx = Pick<DeskContext, 'sessions' | 'clock' | 'keyStore' | 'origins'>;

/**
 * The session and account of a use of `feeds`, or undefined with the refusal already sent.
 * `accountName` (?account= or the body's) names the account; else the app's x-desk-account
 * header, as on every relayed call.
 */
export async function admitArchive(
  ctx: ArchiveAccessCtx,
  request: FastifyRequest,
  reply: FastifyReply,
  feeds: readonly ArchiveFeed[],
  accountName: string | undefined,
  opts: { mutating?: boolean } = {},
): Promise<{ session: Session; account: AccountCredentials } | undefined> {
  const now = ctx.clock.now();
  const session = await sessionOf(request.headers, ctx.sessions, opts.mutating ?? false);
  if (!session) return void replyError(request, reply, 'DESK401', {}, now);
  const crossSite = opts.mutating ? crossSiteRefusal(ctx, request, session) : undefined;
  if (crossSite !== undefined) return void replyError(request, reply, 'DESK403O', { detail: crossSite }, now);
  for (const feed of feeds) {
    const permission = feedDefs[feed].permission;
    if (!roleMay(session.role, permission)) return void replyError(request, reply, 'DESK403', { role: session.role, permission }, now);
  }
  const account = resolveAccount(session, accountName ?? request.headers['x-desk-account'], ctx.keyStore);
  if ('code' in account) return void replyError(request, reply, account.code, account.params, now);
  return { session, account };
}
