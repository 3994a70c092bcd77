import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { meQueryOptions } from '@web/lib/session/me-query';
import { LoginScreen } from './login-screen';
import { AppShell } from './shell/app-shell';

/** Session gate: the shell for a signed-in user, the login form otherwise. */
export function App() {
  const me = useQuery(meQueryOptions());
  if (me.isPending) {
    return (
      <p role="status" aria-label="Loading" className="p-4 text-muted">
        Loading the desk…
      </p>
    );
  }
  if (me.isError) {
    return (
      <main className="p-4">
        <div role="alert">
          <p className="font-semibold">The desk server did not answer.</p>
          <p className="text-sm text-muted">{me.error.message}</p>
        </div>
        <Button className="mt-2" onClick={() => void me.refetch()}>
          Retry
        </Button>
      </main>
    );
  }
  return me.data ? <AppShell me={me.data} /> : <LoginScreen />;
}
