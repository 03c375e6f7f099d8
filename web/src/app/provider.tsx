import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { texts } from '@/config/texts';
import { AuthProvider } from '@/features/auth/auth-provider';
import { useMediaQuery } from '@/hooks/use-media-query';
import { queryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  // On a phone, sheets rise from the bottom with their fields and submit button: toasts go on top.
  const phone = useMediaQuery('(max-width: 639px)');
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster
        visibleToasts={3}
        duration={4000}
        position={phone ? 'top-center' : 'bottom-right'}
        richColors
        closeButton
        containerAriaLabel={texts.toasts.region}
        toastOptions={{ closeButtonAriaLabel: texts.toasts.close }}
      />
    </QueryClientProvider>
  );
}
