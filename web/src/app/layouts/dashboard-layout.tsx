import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { TooltipProvider } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { StaleRateBanner } from '@/features/rates/components/stale-rate-banner';
import { useHeaderHeight } from '@/hooks/use-header-height';
import { DashboardNavLinks, UserBox } from './dashboard-nav';

/** Left navigation on desktop; on phones a top bar whose menu opens as a bottom sheet. */
export function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      {/* The column is as tall as the page (its white and its border go all the way down); the
          menu inside stays in view while the page scrolls. */}
      <div className="hidden border-r border-zinc-200 bg-white lg:block">
        <aside className="sticky top-0 flex h-dvh flex-col gap-6 p-4">
          <Link to={paths.dashboard.root.getHref()} className="rounded-lg px-2 py-1">
            <Logo />
          </Link>
          <div className="flex-1 overflow-y-auto">
            <DashboardNavLinks />
          </div>
          <UserBox />
        </aside>
      </div>

      <header
        ref={header}
        className="sticky top-0 z-40 flex items-center justify-between gap-3 border-b border-zinc-200 bg-white px-4 py-2 lg:hidden"
      >
        <Link to={paths.dashboard.root.getHref()} className="rounded-lg py-1">
          <Logo />
        </Link>
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            {/* Named by its visible "Menú" (WCAG 2.5.3: a voice user says what they see). */}
            <Button variant="secondary" size="sm">
              <Menu aria-hidden />
              {texts.dashboardNav.menuTitle}
            </Button>
          </SheetTrigger>
          <SheetContent>
            <SheetTitle className="px-3 pb-2 text-base font-semibold">
              {texts.dashboardNav.menuTitle}
            </SheetTitle>
            <SheetDescription className="sr-only">{texts.dashboardNav.label}</SheetDescription>
            <div className="grid gap-4">
              <DashboardNavLinks onNavigate={() => setMenuOpen(false)} />
              <UserBox />
            </div>
          </SheetContent>
        </Sheet>
      </header>

      <main className="min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
        <div className="mx-auto max-w-6xl">
          <StaleRateBanner />
          {/* Only staff screens show tooltips: the provider lives here, out of the public pages' code. */}
          <TooltipProvider>
            <Outlet />
          </TooltipProvider>
        </div>
      </main>
    </div>
  );
}
