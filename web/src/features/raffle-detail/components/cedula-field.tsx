import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.checkout;

type CedulaFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
};

/** "V-12345678": a V/E choice plus the digits, kept as one string for the shared schema. */
export function CedulaField({ id, value, onChange, onBlur, error }: CedulaFieldProps) {
  const kind = value.trim().toUpperCase().startsWith('E') ? 'E' : 'V';
  const digits = value.replace(/\D/g, '');
  return (
    <Field id={id} label={t.cedula} error={error}>
      <div className="flex gap-2">
        <Select value={kind} onValueChange={(next) => onChange(`${next}-${digits}`)}>
          <SelectTrigger className="w-20" aria-label={t.cedulaType}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="V">V</SelectItem>
            <SelectItem value="E">E</SelectItem>
          </SelectContent>
        </Select>
        <Input
          {...fieldControlProps(id, error)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder={t.cedulaPlaceholder}
          value={digits}
          onChange={(event) => onChange(`${kind}-${event.target.value.replace(/\D/g, '')}`)}
          onBlur={onBlur}
          className="tabular-nums"
        />
      </div>
    </Field>
  );
}
