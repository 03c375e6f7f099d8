import { ArrowLeft, ArrowRight, ImagePlus, Star, X } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useUploadRaffleImage } from '../api/upload-raffle-image';
import { formTexts as t } from '../form-texts';
import {
  dropSlot,
  moveSlot,
  type PhotoSlot,
  pendingSlots,
  sameUrls,
  settleSlot,
  slotsFromUrls,
  slotUrls,
} from '../photo-slots';
import type { RaffleFormInput } from '../raffle-form-schema';
import { RaffleImage } from './raffle-image';

export const MAX_IMAGES = 10;
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Which files may be sent; the server checks the content again. */
function rejectReason(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return t.imageWrongType(file.name);
  if (file.size > MAX_BYTES) return t.imageTooLarge(file.name);
  return null;
}

type RaffleImagesFieldProps = {
  onUploadingChange?: (uploading: boolean) => void;
  /** The raffle closed: the photos are part of the frozen prize text (server: 409 RAFFLE_CLOSED). */
  frozen?: boolean;
};

/**
 * Prize photos uploaded as public raffle images, at most 10, in the order the organizer picked and
 * arranged them (by drag, or by each photo's buttons from the keyboard); the first is the cover.
 */
export function RaffleImagesField({ onUploadingChange, frozen = false }: RaffleImagesFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { getValues, setValue, formState } = useFormContext<RaffleFormInput>();
  const [slots, setSlots] = useState<PhotoSlot[]>(() => slotsFromUrls(getValues('images')));
  const [announcement, setAnnouncement] = useState('');
  const [dragKey, setDragKey] = useState<string | null>(null);
  // After a move, the button pressed keeps the focus (or its twin, at either end of the row).
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; action: string } | null>(null);
  const uploadImage = useUploadRaffleImage();
  const error = formState.errors.images?.message;
  const pending = slots.filter((slot) => slot.url === null).length;

  useEffect(() => onUploadingChange?.(pending > 0), [pending, onUploadingChange]);

  // The slots are the truth for the order and the form holds their finished photos, written at
  // once from a mirror of the slots: uploads finish in any order, each reads the slots as the one
  // before left them (a stale copy once put a finished photo back behind one still uploading).
  const current = useRef(slots);
  function update(change: (slots: PhotoSlot[]) => PhotoSlot[]) {
    const next = change(current.current);
    current.current = next;
    setSlots(next);
    if (!sameUrls(next, getValues('images'))) {
      setValue('images', slotUrls(next), { shouldDirty: true, shouldValidate: true });
    }
  }

  useEffect(() => {
    if (!focusAfterMove) return;
    const row = listRef.current?.querySelector(`[data-slot="${focusAfterMove.key}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focusAfterMove.action}"]`);
    // At either end the pressed button is disabled: its twin takes the focus (never "Quitar").
    const target =
      wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('[data-action]:enabled');
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  async function upload(file: File, key: string) {
    try {
      const { fileUrl } = await uploadImage.mutateAsync(file);
      update((current) => settleSlot(current, key, fileUrl));
    } catch (cause) {
      update((current) => dropSlot(current, key));
      toast.error(t.imageUploadError, { description: isApiError(cause) ? cause.message : file.name });
    }
  }

  function onFiles(files: FileList | null) {
    const list = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = '';
    const room = MAX_IMAGES - slots.length;
    if (list.length > room) toast.error(t.tooManyImages(MAX_IMAGES));
    const accepted = list.slice(0, Math.max(room, 0)).filter((file) => {
      const reason = rejectReason(file);
      if (reason) toast.error(t.imageUploadError, { description: reason });
      return !reason;
    });
    // Every slot is placed now, in the order picked; each upload fills its own when it finishes.
    const placed = pendingSlots(accepted.length);
    update((current) => [...current, ...placed]);
    accepted.forEach((file, index) => void upload(file, placed[index]?.key ?? ''));
  }

  function move(from: number, to: number, action: string) {
    const key = slots[from]?.key;
    if (!key || to < 0 || to >= slots.length) return;
    update((current) => moveSlot(current, from, to));
    setAnnouncement(t.movedTo(to + 1, slots.length));
    if (action !== 'drag') setFocusAfterMove({ key, action });
  }

  function remove(key: string) {
    update((current) => dropSlot(current, key));
    setAnnouncement(t.removed(slots.length - 1));
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = slots.findIndex((slot) => slot.key === dragKey);
    setDragKey(null);
    if (from >= 0 && from !== to) move(from, to, 'drag');
  };

  const full = slots.length >= MAX_IMAGES;
  const coverIndex = slots.findIndex((slot) => slot.url);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium text-zinc-800">{t.images}</legend>
      <ul ref={listRef} className="grid grid-cols-2 gap-3 min-[400px]:grid-cols-3 sm:grid-cols-5">
        {slots.map((slot, index) => (
          <li
            key={slot.key}
            data-slot={slot.key}
            data-testid="photo-slot"
            draggable={!frozen && slot.url !== null}
            onDragStart={(event) => {
              setDragKey(slot.key);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragKey(null)}
            onDragOver={(event) => {
              if (dragKey) event.preventDefault();
            }}
            onDrop={(event) => onDrop(event, index)}
            className={cn(
              'grid gap-1.5',
              dragKey === slot.key && 'opacity-50',
              slot.url && !frozen && 'cursor-grab',
            )}
          >
            <div className="relative">
              {slot.url ? (
                <RaffleImage
                  src={slot.url}
                  alt={t.imageAlt(index + 1)}
                  sizes="(min-width: 640px) 20vw, 33vw"
                  className="aspect-square rounded-lg border"
                  compact
                />
              ) : (
                <div className="flex aspect-square items-center justify-center rounded-lg border border-dashed border-zinc-300 bg-zinc-50 text-brand-700">
                  <Spinner label={t.uploadingPhoto(index + 1)} />
                </div>
              )}
              {index === coverIndex && (
                <span className="absolute bottom-1 left-1 rounded bg-zinc-900/80 px-1.5 py-0.5 text-xs font-medium text-white">
                  {t.cover}
                </span>
              )}
              {!frozen && slot.url && (
                <button
                  type="button"
                  onClick={() => remove(slot.key)}
                  aria-label={t.removeImage(index + 1)}
                  className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-zinc-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </div>
            {!frozen && slots.length > 1 && (
              <div className="flex justify-between gap-1">
                <OrderButton
                  action="before"
                  label={t.moveBefore(index + 1)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'before')}
                >
                  <ArrowLeft aria-hidden className="size-4" />
                </OrderButton>
                <OrderButton
                  action="cover"
                  label={t.makeCover(index + 1)}
                  disabled={index === 0 || !slot.url}
                  onClick={() => move(index, 0, 'cover')}
                >
                  <Star aria-hidden className="size-4" />
                </OrderButton>
                <OrderButton
                  action="after"
                  label={t.moveAfter(index + 1)}
                  disabled={index === slots.length - 1}
                  onClick={() => move(index, index + 1, 'after')}
                >
                  <ArrowRight aria-hidden className="size-4" />
                </OrderButton>
              </div>
            )}
          </li>
        ))}
        {!full && !frozen && (
          <li>
            {/* The input is the one tab stop of "Agregar fotos"; the label is only its visible face. */}
            <label
              htmlFor={inputId}
              className={cn(
                'flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-zinc-300 bg-white p-2 text-center text-xs font-medium text-brand-700 hover:border-brand-500 hover:bg-brand-50',
                'focus-within:outline-2 focus-within:outline-brand-600',
              )}
            >
              <ImagePlus aria-hidden className="size-6" />
              {t.addImages}
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                className="sr-only"
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => onFiles(event.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
      <p id={`${inputId}-hint`} className="text-xs text-zinc-500">
        {t.imagesHint(MAX_IMAGES)}
      </p>
      <p aria-live="polite" className="sr-only" data-testid="photo-announcement">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function OrderButton({
  action,
  label,
  disabled,
  onClick,
  children,
}: {
  action: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-9 min-w-9 flex-1 items-center justify-center rounded-md border border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-35"
    >
      {children}
    </button>
  );
}
