import { type BankCode, VENEZUELAN_BANKS } from '@domain/banks';
import { type ColumnMapping, MAX_STATEMENT_BYTES, type MappingRequiredDetails } from '@domain/reconciliation';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isApiError } from '@/lib/api-error';
import { useUploadStatement } from '../api/statements';
import { reconciliationTexts } from '../texts';
import { ColumnMappingStep } from './column-mapping';
import { FileDrop } from './file-drop';

const t = reconciliationTexts.upload;
const ACCEPTED = /\.(csv|txt|xlsx)$/i;

/** What a 422 MAPPING_REQUIRED carries, or null for any other failure. */
function mappingDetails(error: unknown): MappingRequiredDetails | null {
  if (!isApiError(error) || error.code !== 'MAPPING_REQUIRED') return null;
  const { columns, sample, suggested } = error.details as Partial<MappingRequiredDetails>;
  if (!Array.isArray(columns) || !Array.isArray(sample)) return null;
  return { columns, sample, suggested: suggested ?? {} };
}

/** Choose the bank and the file, send it; a layout the server does not know asks for its columns. */
export function StatementUpload({ onUploaded }: { onUploaded: (statementId: string) => void }) {
  const id = useId();
  const upload = useUploadStatement();
  const [file, setFile] = useState<File | null>(null);
  const [bankCode, setBankCode] = useState<BankCode | undefined>();
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<MappingRequiredDetails | null>(null);

  const send = (chosenMapping?: ColumnMapping) => {
    if (!file) return;
    upload.mutate(
      { file, bankCode, mapping: chosenMapping },
      {
        onSuccess: (result) => {
          setMapping(null);
          setFile(null);
          onUploaded(result.statement_id);
        },
        onError: (error) => {
          const details = mappingDetails(error);
          if (details) setMapping(details);
        },
      },
    );
  };
  const chooseFile = (chosen: File | null) => {
    upload.reset();
    setMapping(null);
    if (chosen && !ACCEPTED.test(chosen.name)) return setFileError(t.wrongType);
    if (chosen && chosen.size > MAX_STATEMENT_BYTES) return setFileError(t.tooLarge);
    setFileError(null);
    setFile(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const failure = upload.isError && !mappingDetails(upload.error) ? errorMessage(upload.error) : null;
  const fileId = `${id}-file`;
  const bankId = `${id}-bank`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {mapping && file ? (
          <ColumnMappingStep
            fileName={file.name}
            details={mapping}
            pending={upload.isPending}
            error={failure}
            onSubmit={send}
            onCancel={() => {
              setMapping(null);
              upload.reset();
            }}
          />
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-[16rem_1fr] lg:items-start">
            <Field id={bankId} label={t.bank} hint={t.bankHint}>
              <Select value={bankCode} onValueChange={(value) => setBankCode(value as BankCode)}>
                <SelectTrigger {...fieldControlProps(bankId, undefined, t.bankHint)}>
                  <SelectValue placeholder={t.bankPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {VENEZUELAN_BANKS.map((bank) => (
                    <SelectItem key={bank.code} value={bank.code}>
                      {bank.name} ({bank.code})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={fileId} label={t.file} error={fileError ?? failure ?? undefined}>
              <FileDrop
                id={fileId}
                file={file}
                onFile={chooseFile}
                invalid={Boolean(fileError ?? failure)}
                describedBy={fileError || failure ? `${fileId}-error` : undefined}
              />
            </Field>
            <div className="lg:col-span-2 lg:flex lg:justify-end">
              <Button type="submit" className="w-full lg:w-auto" disabled={!file} loading={upload.isPending}>
                {upload.isPending ? t.submitting : t.submit}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
