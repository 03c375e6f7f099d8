import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { texts } from '@/config/texts';
import { cn } from '@/lib/cn';
import { DialogOverlay } from './dialog';
import { OpenDialogMarker } from './open-dialogs';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

/** A panel that slides up from the bottom (phone menus); the top band stays free for toasts. */
export function SheetContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[min(85dvh,calc(100dvh-6rem))] overflow-y-auto rounded-t-2xl bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl data-[state=open]:animate-slide-up',
          className,
        )}
        {...props}
      >
        <OpenDialogMarker />
        <div aria-hidden className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-zinc-300" />
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600">
          <X aria-hidden className="size-5" />
          <span className="sr-only">{texts.common.close}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
