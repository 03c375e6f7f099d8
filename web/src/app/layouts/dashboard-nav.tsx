import { roleLabels } from '@domain/roles';
import { ExternalLink, LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useSignOut } from '@/features/auth/use-sign-out';
import { PendingPaymentsBadge } from '@/features/payments/components/pending-payments-badge';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/use-auth';
import { navItemsFor } from './nav-items';

/** The menu links, shared by the desktop sidebar and the phone sheet. */
export function DashboardNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { profile } = useAuth();
  return (
    <nav aria-label={texts.dashboardNav.label}>
      <ul className="grid gap-1">
        {navItemsFor(profile?.role).map((item) => (
          <li key={item.href}>
            <NavLink
              to={item.href}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900',
                )
              }
            >
              <item.icon aria-hidden className="size-5 shrink-0" />
              {item.label}
              {item.badge === 'pendingPayments' && <PendingPaymentsBadge />}
            </NavLink>
          </li>
        ))}
        <li>
          <Link
            to={paths.home.getHref()}
            onClick={onNavigate}
            className="flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100"
          >
            <ExternalLink aria-hidden className="size-5 shrink-0" />
            {texts.dashboardNav.viewSite}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Who is signed in, with their role, and the sign-out button. */
export function UserBox() {
  const { profile } = useAuth();
  const { signOut, pending } = useSignOut();
  if (!profile) return null;
  const initials = profile.full_name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3 border-t border-zinc-200 pt-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {initials}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-zinc-900">{profile.full_name}</p>
          <p className="truncate text-xs text-zinc-500">
            {profile.role ? roleLabels[profile.role] : ''} · {profile.email}
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={signOut} loading={pending} className="w-full">
        {!pending && <LogOut aria-hidden />}
        {pending ? texts.dashboardNav.signingOut : texts.dashboardNav.signOut}
      </Button>
    </div>
  );
}
