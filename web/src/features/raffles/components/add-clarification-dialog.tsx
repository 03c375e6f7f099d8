import type { Raffle } from '@domain/raffles';
import { MessageSquarePlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { texts } from '@/config/texts';
import { useAddClarification } from '../api/add-clarification';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.clarification;
const FIELD_ID = 'clarification-text';
/** The longest note the dialog lets through (the server has the last word). */
export const MAX_CLARIFICATION = 1000;

/** "Agregar aclaración" on a closed raffle: its prize text is frozen, a dated note is appended. */
export function AddClarificationDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddClarification();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError(t.required);
    if (value.length > MAX_CLARIFICATION) return setError(t.tooLong(MAX_CLARIFICATION));
    try {
      await add.mutateAsync({ id: raffle.id, text: value });
      toast.success(t.success);
      setOpen(false);
    } catch {
      // The server's reason stays in the dialog.
    }
  }

  const hint = t.hint(MAX_CLARIFICATION);
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setText('');
          setError(undefined);
          add.reset();
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t.actionLabel(raffle.name)}>
          <MessageSquarePlus aria-hidden />
          {t.action}
        </Button>
      }
      title={t.title(raffle.name)}
      description={t.description}
      error={add.error && (add.error.message || texts.common.genericError)}
      actionLabel={add.isPending ? t.saving : t.confirm}
      pending={add.isPending}
      onSubmit={submit}
    >
      <Field id={FIELD_ID} label={t.label} error={error} hint={hint}>
        <Textarea
          {...fieldControlProps(FIELD_ID, error, hint)}
          placeholder={t.placeholder}
          rows={4}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </ActionDialog>
  );
}
