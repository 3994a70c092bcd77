import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { logout } from '@web/lib/session/auth-api';
import type { Me } from '@contract/schemas/session';
import { meQueryKey } from '@web/lib/session/me-query';

export function UserMenu({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => logout(me.csrfToken),
    onSettled: () => {
      // Signed out or not, nothing of this session may stay on screen.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="whitespace-nowrap" aria-label={`Signed in as ${me.user}, role ${me.role}`}>
        {me.user} <span className="text-muted">({me.role})</span>
      </span>
      <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Log out
      </Button>
    </div>
  );
}
