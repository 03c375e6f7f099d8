import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { texts } from '@/config/texts';
import { EmptyState } from './ui/empty-state';

/** Honest placeholder for a screen whose content is not built yet (no fake data). */
export function UnderConstruction({ description, action }: { description?: string; action?: ReactNode }) {
  return (
    <EmptyState
      icon={Construction}
      title={texts.common.underConstructionTitle}
      description={description ?? texts.common.underConstructionDescription}
      action={action}
    />
  );
}
