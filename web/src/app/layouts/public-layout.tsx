import { LogIn } from 'lucide-react';
import { useRef } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useHeaderHeight } from '@/hooks/use-header-height';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/use-auth';

const links = [
  { to: paths.home.getHref(), label: texts.publicNav.home, end: true },
  { to: paths.tracking.getHref(), label: texts.publicNav.tracking, end: false },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900',
  );

/** Header (logo, Inicio, Consultar tickets, Acceso staff) around the public screens. */
export function PublicLayout() {
  const { isStaff } = useAuth();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  const staffLink = isStaff
    ? { to: paths.dashboard.root.getHref(), label: texts.publicNav.dashboard }
    : { to: paths.login.getHref(), label: texts.publicNav.staff };
  return (
    <div className="flex min-h-dvh flex-col">
      <header ref={header} className="sticky top-0 z-40 border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link to={paths.home.getHref()} className="rounded-lg py-1">
            <Logo />
          </Link>
          <nav
            aria-label={texts.publicNav.label}
            className="order-last -mx-3 flex w-full gap-1 sm:order-none sm:mx-0 sm:w-auto"
          >
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <Button asChild variant="secondary" size="sm">
            <Link to={staffLink.to}>
              <LogIn aria-hidden />
              {staffLink.label}
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="border-t border-zinc-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-zinc-500">
          <p>
            <span className="font-semibold text-zinc-700">{texts.brand}</span> — {texts.publicNav.footer}
          </p>
        </div>
      </footer>
    </div>
  );
}
