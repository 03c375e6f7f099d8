import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useUploadRaffleImage } from '../api/upload-raffle-image';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { RaffleImage } from './raffle-image';

const t = formTexts.prizes;

/** One optional photo of an additional prize, uploaded like the raffle's photos. */
export function PrizePhotoField({ index, frozen }: { index: number; frozen: boolean }) {
  const inputId = useId();
  const { control, setValue } = useFormContext<RaffleFormInput>();
  const url = useWatch({ control, name: `prizes.${index}.image` });
  const upload = useUploadRaffleImage();
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium text-zinc-900">{t.photo}</span>
      <div className="flex items-center gap-3">
        {url ? (
          <RaffleImage src={url} alt="" sizes="56px" compact className="size-14 rounded-md" />
        ) : (
          <div aria-hidden className="size-14 rounded-md bg-zinc-100" />
        )}
        {!frozen &&
          (url ? (
            <Button type="button" variant="ghost" onClick={() => setValue(`prizes.${index}.image`, '')}>
              <X aria-hidden />
              {t.photoRemove}
            </Button>
          ) : (
            <label
              htmlFor={inputId}
              className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-3 text-sm font-medium text-zinc-800 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-zinc-50"
            >
              {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden className="size-4" />}
              {upload.isPending ? t.photoUploading : t.photoAdd}
              <input
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  upload.mutate(file, {
                    onSuccess: (done) =>
                      setValue(`prizes.${index}.image`, done.fileUrl, { shouldDirty: true }),
                    onError: (error) =>
                      toast.error(isApiError(error) ? error.message : formTexts.prizes.photoAdd),
                  });
                }}
              />
            </label>
          ))}
      </div>
    </div>
  );
}
