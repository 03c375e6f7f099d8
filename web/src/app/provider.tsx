import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { texts } from '@/config/texts';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthProvider>{children}</AuthProvider>
      </TooltipProvider>
      <Toaster
        visibleToasts={3}
        duration={4000}
        position="bottom-right"
        richColors
        closeButton
        containerAriaLabel={texts.toasts.region}
        toastOptions={{ closeButtonAriaLabel: texts.toasts.close }}
      />
    </QueryClientProvider>
  );
}
