import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { texts } from '@/config/texts';

/**
 * Asks before leaving a form with unsaved changes: a link, Back or Cancelar inside the app opens a
 * dialog; closing or reloading the tab gets the browser's own question. `dirty` is read when the
 * navigation happens, so a page that saves and then navigates passes false once it has saved.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const t = texts.unsavedChanges;
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {t.stay}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {t.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
