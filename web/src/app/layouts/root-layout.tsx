import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { texts } from '@/config/texts';

/** Smooth scroll to the top on every path change (SPEC 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // A page just opened is already at the top: scrolling there would only force an early layout.
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

/** While a lazy screen downloads, a spinner shows over the current one. */
function NavigationSpinner() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="pointer-events-none fixed top-3 left-1/2 z-50 -translate-x-1/2 rounded-full bg-white p-2 text-brand-700 shadow-md">
      <Spinner size="md" label={texts.common.loading} />
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <NavigationSpinner />
      <Outlet />
    </>
  );
}
