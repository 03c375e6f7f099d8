import { type RefObject, useEffect } from 'react';

/** The CSS variable the toaster offsets its phone toasts by (app/provider.tsx). */
export const HEADER_HEIGHT_VAR = '--app-header-height';

/**
 * Publishes the sticky header's height (0 while it is hidden, e.g. the dashboard's at desktop
 * width), so toasts on a phone appear below it instead of over the logo and "Menú".
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = header.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () =>
      root.setProperty(HEADER_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [header]);
}
