import { messages } from '@domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/use-auth';

/** Global sign-out with the SPEC 8 toasts, then back to /login. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function run() {
    if (pending) return;
    setPending(true);
    try {
      const { error } = await signOut();
      if (error) {
        toast.error(messages.auth.signOutError, { description: error.message });
        return;
      }
      toast.success(messages.auth.signOutSuccessTitle, {
        description: messages.auth.signOutSuccessDescription,
      });
      navigate(paths.login.getHref(), { replace: true });
    } catch {
      toast.error(messages.auth.signOutError, { description: messages.auth.unexpected });
    } finally {
      setPending(false);
    }
  }

  return { signOut: run, pending };
}
