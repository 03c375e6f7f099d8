import { useEffect, useSyncExternalStore } from 'react';

// How many dialogs and sheets are open. While one is, toasts move to a band at the top of the
// screen that dialogs leave free (see DialogContent), so a toast never hides a dialog's fields.
let openCount = 0;
const listeners = new Set<() => void>();

function change(step: number) {
  openCount += step;
  for (const listener of listeners) listener();
}

/** Rendered inside a dialog's content, which Radix mounts only while the dialog is open. */
export function OpenDialogMarker() {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
  return null;
}

export function useAnyDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openCount > 0,
    () => false,
  );
}
