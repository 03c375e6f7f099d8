import { FileSpreadsheet, FileUp, X } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.upload;
export const STATEMENT_ACCEPT =
  '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type FileDropProps = {
  id: string;
  file: File | null;
  onFile: (file: File | null) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** A file chosen with the button or dropped on the area; the chosen one is shown with its size. */
export function FileDrop({ id, file, onFile, invalid, describedBy }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button is the keyboard and screen-reader way
    <div
      data-testid="statement-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'grid place-items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
        over
          ? 'border-brand-600 bg-brand-50'
          : invalid
            ? 'border-red-400 bg-red-50/40'
            : 'border-zinc-300 bg-zinc-50',
      )}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept={STATEMENT_ACCEPT}
        className="sr-only"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      {file ? (
        <div className="flex w-full max-w-md items-center gap-3 rounded-lg border border-zinc-200 bg-white p-2 pl-3 text-left">
          <FileSpreadsheet aria-hidden className="size-6 shrink-0 text-green-700" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-zinc-900">{file.name}</span>
            <span className="block text-xs text-zinc-500">{t.size(file.size)}</span>
          </span>
          <Button variant="ghost" size="icon" onClick={() => onFile(null)} aria-label={t.remove}>
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <>
          <FileUp aria-hidden className="size-7 text-zinc-400" />
          <p className="text-sm text-zinc-600">
            {t.drop} <span className="text-zinc-400">{t.or}</span>
          </p>
        </>
      )}
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
        {file ? t.change : t.choose}
      </Button>
    </div>
  );
}
