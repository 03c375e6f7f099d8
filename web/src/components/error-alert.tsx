import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Why the last attempt failed, said where it was made (a dialog, a form) so the user can retry there. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
