import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { isApiError } from '@web/lib/api/api-error';
import { login } from '@web/lib/session/auth-api';
import { meQueryKey } from '@web/lib/session/me-query';
import { sessionEndedNotice } from '@web/lib/session/session-ended-notice';
import { socketClosedNotice } from '@web/lib/ws/socket-closed-notice';

/** The proxy's close code for a socket whose session ended (server-proxy/src/relay/ws-relay.ts). */
const SESSION_ENDED = 4401;

export function LoginScreen() {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => login(username, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  // The desk may have ended the session itself (signed out elsewhere, user removed or
  // re-roled): say so here too, since this screen replaces the header that showed it.
  const closedBecause = useStore(socketClosedNotice, (s) => (s.code === SESSION_ENDED ? s.reason : null));
  const endedBecause = useStore(sessionEndedNotice, (s) => s.message);
  const error = signIn.error ? (isApiError(signIn.error) ? signIn.error.message : String(signIn.error)) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };

  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <form onSubmit={submit} aria-labelledby="login-title" className="flex w-full max-w-sm flex-col gap-3 rounded-md border border-line bg-panel p-5">
        <h1 id="login-title" className="text-lg font-semibold">
          Sign in to UTA Desk
        </h1>
        <p className="text-sm text-muted">
          Local admin: open the URL that <code>npm start</code> printed (<code>Open {window.location.origin}/auth/token?t=…</code>). It signs you in once. Team members
          sign in below.
        </p>
        {closedBecause !== null ? (
          <p role="alert" className="text-sm text-sell">
            Signed out: closed by the desk: {closedBecause}
          </p>
        ) : (
          endedBecause !== null && (
            <p role="alert" className="text-sm text-sell">
              {endedBecause}
            </p>
          )
        )}
        <TextField label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm text-sell">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </main>
  );
}
