import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useAnyDialogOpen } from '@/components/ui/open-dialogs';
import { texts } from '@/config/texts';
import { AuthProvider } from '@/features/auth/auth-provider';
import { HEADER_HEIGHT_VAR } from '@/hooks/use-header-height';
import { useMediaQuery } from '@/hooks/use-media-query';
import { queryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  // On a phone, sheets rise from the bottom with their fields and submit button: toasts go on top.
  // While any dialog is open they go on top on every screen, one at a time, in the band dialogs
  // leave free (dialog.tsx), so a toast never hides the fields it may be about.
  const phone = useMediaQuery('(max-width: 639px)');
  const dialogOpen = useAnyDialogOpen();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster
        visibleToasts={dialogOpen ? 1 : 3}
        duration={4000}
        position={phone || dialogOpen ? 'top-center' : 'bottom-right'}
        // Below the sticky header (its height is published by the layouts): a toast never covers the
        // logo or "Menú". A dialog's overlay covers the header anyway: its toasts use the top band.
        offset={{ top: dialogOpen ? 12 : `calc(var(${HEADER_HEIGHT_VAR}, 0px) + 12px)` }}
        mobileOffset={{ top: dialogOpen ? 8 : `calc(var(${HEADER_HEIGHT_VAR}, 0px) + 8px)` }}
        richColors
        closeButton
        containerAriaLabel={texts.toasts.region}
        toastOptions={{
          closeButtonAriaLabel: texts.toasts.close,
          // Sonner's ✕ is 20 px: an invisible ring makes it a 40 px target for a thumb (UX.md), same look.
          classNames: { closeButton: "after:absolute after:-inset-2.5 after:content-['']" },
        }}
      />
    </QueryClientProvider>
  );
}
