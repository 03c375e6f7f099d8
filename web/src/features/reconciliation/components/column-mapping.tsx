import {
  type ColumnMapping,
  type MappingRequiredDetails,
  STATEMENT_FIELDS,
  type StatementField,
  statementFieldLabels,
} from '@domain/reconciliation';
import { FileSpreadsheet } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.mapping;
/** Radix Select has no empty value: "no description column" is this one. */
const NONE = '__ninguna__';

type ColumnMappingProps = {
  fileName: string;
  details: MappingRequiredDetails;
  pending: boolean;
  error: string | null;
  onSubmit: (mapping: ColumnMapping) => void;
  onCancel: () => void;
};

/** The step a new layout needs: which column holds each datum, with the file's first rows to see. */
export function ColumnMappingStep({
  fileName,
  details,
  pending,
  error,
  onSubmit,
  onCancel,
}: ColumnMappingProps) {
  const id = useId();
  const [chosen, setChosen] = useState<Partial<Record<StatementField, string>>>(details.suggested);
  const [missing, setMissing] = useState<StatementField[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required: StatementField[] = ['date', 'reference', 'amount'];
    const empty = required.filter((field) => !chosen[field]);
    setMissing(empty);
    if (empty.length > 0) return;
    onSubmit({
      date: chosen.date as string,
      reference: chosen.reference as string,
      amount: chosen.amount as string,
      description: chosen.description ?? null,
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="column-mapping">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold text-zinc-900">{t.title}</h3>
        <p className="text-sm text-zinc-600">{t.description}</p>
        <p className="flex items-center gap-2 text-sm text-zinc-800">
          <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-green-700" />
          <span className="truncate">{fileName}</span>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STATEMENT_FIELDS.map((field) => {
          const fieldId = `${id}-${field}`;
          const optional = field === 'description';
          const error = missing.includes(field) ? t.required : undefined;
          return (
            <Field
              key={field}
              id={fieldId}
              label={`${statementFieldLabels[field]}${optional ? ` ${t.optional}` : ''}`}
              error={error}
            >
              <Select
                value={chosen[field] ?? (optional ? NONE : undefined)}
                onValueChange={(value) =>
                  setChosen((current) => ({ ...current, [field]: value === NONE ? undefined : value }))
                }
              >
                <SelectTrigger {...fieldControlProps(fieldId, error)}>
                  <SelectValue placeholder={t.choose} />
                </SelectTrigger>
                <SelectContent>
                  {optional && <SelectItem value={NONE}>{t.none}</SelectItem>}
                  {details.columns.map((column) => (
                    <SelectItem key={column} value={column}>
                      {column}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          );
        })}
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium text-zinc-700">{t.sample}</p>
        <div className="overflow-x-auto rounded-lg border border-zinc-200">
          <table className="w-full text-xs" data-testid="mapping-sample">
            <thead className="bg-zinc-50">
              <tr>
                {details.columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="px-3 py-2 text-left font-medium whitespace-nowrap text-zinc-700"
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {details.sample.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their place
                <tr key={r} className="border-t border-zinc-100">
                  {details.columns.map((column, c) => (
                    <td key={column} className="px-3 py-2 whitespace-nowrap text-zinc-800 tabular-nums">
                      {row[c]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={pending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
