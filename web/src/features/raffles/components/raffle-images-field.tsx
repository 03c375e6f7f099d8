import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useUploadRaffleImage } from '../api/upload-raffle-image';
import { formTexts as t } from '../form-texts';
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

/** Prize photos uploaded as public raffle images: previews, remove, at most 10; the first is the cover. */
export function RaffleImagesField({ onUploadingChange, frozen = false }: RaffleImagesFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { control, getValues, setValue, formState } = useFormContext<RaffleFormInput>();
  const images = useWatch({ control, name: 'images' });
  const [pending, setPending] = useState(0);
  const uploadImage = useUploadRaffleImage();
  const error = formState.errors.images?.message;

  useEffect(() => onUploadingChange?.(pending > 0), [pending, onUploadingChange]);

  const setImages = (next: string[]) => setValue('images', next, { shouldDirty: true, shouldValidate: true });

  async function upload(file: File) {
    setPending((n) => n + 1);
    try {
      const { fileUrl } = await uploadImage.mutateAsync(file);
      setImages([...getValues('images'), fileUrl].slice(0, MAX_IMAGES));
    } catch (cause) {
      toast.error(t.imageUploadError, { description: isApiError(cause) ? cause.message : file.name });
    } finally {
      setPending((n) => n - 1);
    }
  }

  function onFiles(files: FileList | null) {
    const list = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = '';
    const room = MAX_IMAGES - getValues('images').length - pending;
    if (list.length > room) toast.error(t.tooManyImages(MAX_IMAGES));
    for (const file of list.slice(0, Math.max(room, 0))) {
      const reason = rejectReason(file);
      if (reason) toast.error(t.imageUploadError, { description: reason });
      else void upload(file);
    }
  }

  const full = images.length + pending >= MAX_IMAGES;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium text-zinc-800">{t.images}</legend>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {images.map((url, index) => (
          <li key={url} className="relative">
            <RaffleImage
              src={url}
              alt={t.imageAlt(index + 1)}
              sizes="(min-width: 640px) 20vw, 33vw"
              className="aspect-square rounded-lg border"
              compact
            />
            {index === 0 && (
              <span className="absolute bottom-1 left-1 rounded bg-zinc-900/75 px-1.5 py-0.5 text-xs text-white">
                {t.cover}
              </span>
            )}
            {!frozen && (
              <button
                type="button"
                onClick={() => setImages(images.filter((u) => u !== url))}
                aria-label={t.removeImage(index + 1)}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-zinc-800 shadow hover:bg-white"
              >
                <X aria-hidden className="size-4" />
              </button>
            )}
          </li>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={`pending-${i}`}
            className="flex aspect-square items-center justify-center rounded-lg border border-dashed border-zinc-300 bg-zinc-50 text-brand-700"
          >
            <Spinner label={t.uploading} />
          </li>
        ))}
        {!full && !frozen && (
          <li>
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
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
