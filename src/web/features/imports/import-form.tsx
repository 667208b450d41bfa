import { Download, FileCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_IMPORT_BYTES } from '../../../contract/imports.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useCheckFile } from './api.ts';
import { importPath, NO_FILE, TOO_LARGE, useImportAnswer } from './import-action.ts';
import { CompanyPicker } from './company-picker.tsx';
import {
  COMPANY_KIND,
  importFormData,
  importKindChoices,
  isPageImportKind,
  NO_COMPANY,
  type KindChoice,
} from './import-kinds.ts';

const FILE_ID = 'import-file';

/**
 * Choose what the file sets, choose the file, "Check file": the server reads all of it and
 * answers what it would change, and the page goes to that import's address. A real multipart
 * form: before the script takes over, the page's action sends it on (import-action.ts).
 */
export function ImportForm({
  kind,
  companyId,
}: {
  kind: string | undefined;
  companyId: string | null | undefined;
}) {
  const check = useCheckFile();
  const answer = useImportAnswer('');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const company = useRef<HTMLSelectElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = [answer?.kind, kind].find(isPageImportKind) ?? 'products';
  const chosenCompany = answer?.companyId ?? companyId ?? '';
  const noCompany = (problem ?? answer?.message) === NO_COMPANY;
  const error =
    problem ?? (check.error ? errorMessage(check.error) : null) ?? answer?.message ?? null;

  const send = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const refusal =
      !(file instanceof File) || file.size === 0
        ? NO_FILE
        : file.size > MAX_IMPORT_BYTES
          ? TOO_LARGE
          : null;
    if (refusal || !(file instanceof File)) {
      setProblem(refusal);
      input.current?.focus();
      return;
    }
    if (form.get('kind') === COMPANY_KIND && !form.get('companyId')) {
      setProblem(NO_COMPANY);
      company.current?.focus();
      return;
    }
    setProblem(null);
    check.mutate(importFormData(form, file), {
      onSuccess: (preview) => {
        // A file changed on disk must be chosen again to be read again (browsers refuse it).
        if (input.current) input.current.value = '';
        void navigate(importPath(preview._id));
      },
    });
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={send}
      noValidate
      aria-labelledby="import-form-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-5 p-4 sm:p-6">
        <h2 id="import-form-title" className="card-title text-lg">
          Check a file
        </h2>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-medium">What the file sets</legend>
          {importKindChoices.map((choice) => (
            <KindOption key={choice.kind} choice={choice} checked={choice.kind === chosen}>
              {choice.kind === COMPANY_KIND && (
                <CompanyPicker
                  ref={company}
                  defaultValue={chosenCompany}
                  invalid={noCompany}
                  onChange={() => setProblem(null)}
                />
              )}
            </KindOption>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={FILE_ID} className="font-medium">
            CSV file
          </label>
          <input
            ref={input}
            id={FILE_ID}
            name="file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
            className={`file-input w-full max-w-md ${error ? 'file-input-error' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${FILE_ID}-hint`}
            onChange={() => setProblem(null)}
          />
          <p id={`${FILE_ID}-hint`} className="text-sm text-base-content/70">
            Separated by commas, semicolons or tabs (a decimal comma with semicolons), in UTF-8 or
            Windows-1252, up to 50 MB. Checking changes nothing: you see what the file would do
            first.
          </p>
        </div>
        <div>
          <BusyButton type="submit" className="btn btn-primary" pending={check.isPending}>
            <FileCheck size={18} aria-hidden="true" />
            Check file
          </BusyButton>
        </div>
        <FormError message={error} />
      </div>
    </form>
  );
}

function KindOption({
  choice,
  checked,
  children,
}: {
  choice: KindChoice;
  checked: boolean;
  children?: React.ReactNode;
}) {
  const id = `import-kind-${choice.kind}`;
  const file = choice.template.split('/').at(-1);
  return (
    <div className="flex items-start gap-3 rounded-box border border-base-300 p-3">
      <input
        id={id}
        type="radio"
        name="kind"
        value={choice.kind}
        defaultChecked={checked}
        className="radio radio-primary mt-0.5"
        aria-describedby={`${id}-help`}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="cursor-pointer font-medium">
          {choice.label}
        </label>
        <div id={`${id}-help`} className="flex flex-col gap-1 text-sm text-base-content/80">
          <p>
            Columns: <code className="break-words">{choice.columns.join(', ')}</code>
          </p>
          <p>{choice.help}</p>
        </div>
        <a href={choice.template} download={file} className="link link-primary self-start text-sm">
          <Download size={14} aria-hidden="true" className="mr-1 inline align-[-2px]" />
          Download the template ({file})
        </a>
        {children}
      </div>
    </div>
  );
}
