import { fieldMessages } from '@domain/fields';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reservationTexts } from '../reservation-texts';

const t = reservationTexts.checkout;

type CedulaFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
};

/**
 * What the digits box holds after an edit: its digits, and the V/E a pasted "E-12.345.678" starts
 * with (else the current choice). Cleaned before any length limit: a browser's maxLength cut a pasted
 * "V-20.111.222" to "V-20.111.2", and the reservation went out under V-201112.
 */
export function cedulaFromInput(typed: string, kind: 'V' | 'E'): string {
  const letter = /^\s*([VvEe])/.exec(typed)?.[1]?.toUpperCase() ?? kind;
  return `${letter}-${typed.replace(/\D/g, '')}`;
}

/** "V-12345678": a V/E choice plus the digits, kept as one string for the shared schema. */
export function CedulaField({ id, value, onChange, onBlur, error: given }: CedulaFieldProps) {
  const kind = value.trim().toUpperCase().startsWith('E') ? 'E' : 'V';
  const digits = value.replace(/\D/g, '');
  // The shared schema's message says how to write a whole cédula ("V-12345678"); here V/E has its
  // own selector and the box takes the digits alone.
  const error = given === fieldMessages.cedula ? t.cedulaDigits : given;
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
          placeholder={t.cedulaPlaceholder}
          value={digits}
          onChange={(event) => onChange(cedulaFromInput(event.target.value, kind))}
          onBlur={onBlur}
          className="tabular-nums"
        />
      </div>
    </Field>
  );
}
