import { messages } from '@domain/messages';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/use-auth';
import { LoginForm } from '../components/login-form';
import { type LoginFormValues, toCredentials } from '../login-schema';
import { authTexts } from '../texts';

/**
 * Sign-in errors share one id (a second failure replaces the first), and a success dismisses it:
 * "Error de inicio de sesión" never stays on screen over the dashboard it just opened.
 */
const SIGN_IN_TOAST = 'sign-in';

/** Where to go after signing in: the page that sent the user here, else the dashboard. */
function targetAfterSignIn(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.path) return paths.dashboard.root.getHref();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { signIn, status, profile } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = targetAfterSignIn(location.state);

  async function handleSubmit(values: LoginFormValues) {
    try {
      const { data, error } = await signIn(toCredentials(values));
      if (error) {
        toast.error(messages.auth.signInErrorTitle, { id: SIGN_IN_TOAST, description: error.message });
        return;
      }
      if (!data?.session) {
        toast.error(messages.auth.signInErrorTitle, {
          id: SIGN_IN_TOAST,
          description: messages.auth.signInFailed,
        });
        return;
      }
      toast.dismiss(SIGN_IN_TOAST);
      toast.success(messages.auth.signInSuccessTitle, {
        description: messages.auth.signInSuccessDescription,
      });
      navigate(target, { replace: true });
    } catch {
      toast.error(messages.auth.signInErrorTitle, {
        id: SIGN_IN_TOAST,
        description: messages.auth.unexpected,
      });
    }
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-zinc-50 px-4 py-10">
      <Link to={paths.home.getHref()} className="rounded-lg" aria-label={authTexts.backHome}>
        <Logo className="text-2xl" />
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold text-zinc-900">{authTexts.loginTitle}</h1>
          <CardDescription>{authTexts.loginDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {status === 'authenticated' && profile && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
              {authTexts.alreadySignedIn(profile.full_name)}{' '}
              <Link to={paths.dashboard.root.getHref()} className="font-medium underline">
                {authTexts.goToDashboard}
              </Link>
            </p>
          )}
          <LoginForm onSubmit={handleSubmit} />
        </CardContent>
      </Card>
      <p className="max-w-sm text-center text-sm text-zinc-600">
        {authTexts.buyerNote}{' '}
        <Link
          to={paths.tracking.getHref()}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {authTexts.trackTickets}
        </Link>
      </p>
    </main>
  );
}
