import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';

const t = texts.copy;
/** How long "Copiado" stays before the button offers to copy again. */
const DONE_MS = 2000;

type CopyButtonProps = {
  /** What goes to the clipboard (as a bank app's field takes it). */
  value: string;
  /** What it is, for the accessible name: "Copiar Teléfono (0414-5551234)". */
  what: string;
};

/** "Copiar", then "Copiado" for a moment; a failed copy says how to do it by hand. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), DONE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setDone(true);
    } catch {
      toast.error(t.failed);
    }
  }

  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className={done ? 'border-green-300 text-green-800' : undefined}
      aria-label={done ? t.doneLabel(what) : t.label(what)}
      onClick={copy}
    >
      {done ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{done ? t.done : t.action}</span>
    </Button>
  );
}
