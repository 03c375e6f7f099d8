import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { texts } from '@/config/texts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const DEBOUNCE_MS = 350;

type SearchBoxProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
};

/** A search box that updates the URL once typing pauses, and follows the URL on back/forward. */
export function SearchBox({ id, value, onChange }: SearchBoxProps) {
  const t = texts.search;
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, DEBOUNCE_MS);
  // What this box last wrote to the URL: any other change of `value` came from navigation.
  const sent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (debounced.trim() === sent.current) return;
    sent.current = debounced.trim();
    onChangeRef.current(debounced);
  }, [debounced]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setDraft(value);
  }, [value]);

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t.label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
        />
        <Input
          id={id}
          type="search"
          inputMode="search"
          autoComplete="off"
          placeholder={t.placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {draft && (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              sent.current = '';
              onChange('');
            }}
            aria-label={t.clear}
            className="absolute top-1/2 right-0.5 flex size-10 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
