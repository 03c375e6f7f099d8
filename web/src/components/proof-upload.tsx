import { CheckCircle2, FileUp, RotateCw, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { texts } from '@/config/texts';
import type { ProofUpload as ProofUploadState } from '@/hooks/use-proof-upload';
import { PROOF_TYPES } from '@/lib/upload-proof';

const t = texts.proof;

type ProofUploadProps = { id: string; label: string; hint?: string; upload: ProofUploadState };

/** Picks a photo or PDF of the payment and uploads it right away, with progress. */
export function ProofUpload({ id, label, hint, upload }: ProofUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const { state } = upload;
  const error = state.status === 'error' ? state.message : undefined;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PROOF_TYPES.join(',')}
        className="sr-only"
        // The button below opens it: one tab stop for the field, not two (the label still names it).
        tabIndex={-1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload.choose(file);
        }}
      />
      {state.status === 'uploading' && (
        <div role="status" className="grid gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3">
          <p className="flex items-center gap-2 text-sm text-zinc-700">
            <Spinner size="sm" className="text-brand-700" />
            <span className="truncate">{state.fileName}</span>
            <span className="ml-auto shrink-0 tabular-nums">{t.uploading(state.progress)}</span>
          </p>
          <span aria-hidden className="block h-1.5 overflow-hidden rounded-full bg-zinc-200">
            <span
              className="block h-full bg-brand-600 transition-all"
              style={{ width: `${state.progress}%` }}
            />
          </span>
        </div>
      )}
      {state.status === 'done' && (
        <div className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 p-2 pl-3 text-sm text-green-900">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{t.uploaded}</span>
            <span className="block truncate text-xs text-green-800">{state.fileName}</span>
          </span>
          <Button variant="ghost" size="icon" onClick={upload.clear} aria-label={t.remove}>
            <X aria-hidden />
          </Button>
        </div>
      )}
      {state.status === 'error' && (
        // Side by side and of one width where both fit in a row (the form on a laptop); stacked at
        // full width where they do not (a phone: «Quitar comprobante» wrapped alone under «Subirlo
        // otra vez» at 412 px). Measured on the field, not the screen: it sits in forms and sheets.
        <div className="@container">
          <div className="grid gap-2 @md:auto-cols-fr @md:grid-flow-col">
            {state.file && (
              <Button variant="secondary" onClick={upload.retry} aria-describedby={`${id}-error`}>
                <RotateCw aria-hidden />
                {t.retry}
              </Button>
            )}
            <Button variant="ghost" onClick={upload.clear}>
              <X aria-hidden />
              {t.remove}
            </Button>
          </div>
        </div>
      )}
      {(state.status === 'idle' || state.status === 'error') && (
        <Button
          variant="secondary"
          className="w-full border-dashed"
          // Its visible text first (WCAG 2.5.3), then the field it fills: the label names the hidden input.
          aria-label={`${t.choose}: ${label}`}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onClick={() => input.current?.click()}
        >
          <FileUp aria-hidden />
          {t.choose}
        </Button>
      )}
    </Field>
  );
}
