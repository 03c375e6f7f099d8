import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const DEBOUNCE_MS = 350;

type TextFilterProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string | undefined) => void;
};

/** A typed filter that updates the URL once typing pauses, and follows the URL on back/forward. */
export function TextFilter({ id, label, placeholder, value, onChange }: TextFilterProps) {
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, DEBOUNCE_MS);
  // What this box last wrote to the URL: any other change of `value` came from navigation.
  const sent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const next = debounced.trim();
    if (next === sent.current) return;
    sent.current = next;
    onChangeRef.current(next || undefined);
  }, [debounced]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setDraft(value);
  }, [value]);

  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}
