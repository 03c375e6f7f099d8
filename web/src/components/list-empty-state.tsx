import { type LucideIcon, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

type ListEmptyStateProps = {
  /** The list's own icon, for a list with nothing in it yet. */
  icon: LucideIcon;
  filtered: boolean;
  texts: {
    emptyTitle: string;
    emptyDescription: string;
    noMatchTitle: string;
    noMatchDescription: string;
  };
  clearLabel: string;
  onClear: () => void;
};

/** A staff list with no rows: nothing yet, or nothing that matches its filters (with a way out of them). */
export function ListEmptyState({ icon, filtered, texts, clearLabel, onClear }: ListEmptyStateProps) {
  if (!filtered)
    return <EmptyState icon={icon} title={texts.emptyTitle} description={texts.emptyDescription} />;
  return (
    <EmptyState
      icon={SearchX}
      title={texts.noMatchTitle}
      description={texts.noMatchDescription}
      action={
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
