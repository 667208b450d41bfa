import { zodResolver } from '@hookform/resolvers/zod';
import { ShoppingCart } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { MAX_QUICK_ADD_TEXT, quickAddInput } from '../../../contract/cart.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { FormError } from '../../components/form-fields.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useQuickAdd } from './api.ts';
import { QuickAddResults } from './quick-add-results.tsx';
import { groupDigits } from '../../../contract/number-text.ts';

type Values = z.input<typeof quickAddInput>;

// UTF-8 takes at most 4 bytes a character: a file above this cannot fit the text limit, and
// is refused before the browser reads all of it into memory.
const MAX_FILE_BYTES = MAX_QUICK_ADD_TEXT * 4;

/** The lines of the text the server reports by their 1-based number. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/);

/** /quick-order: paste "SKU quantity" lines or load a CSV file; every valid line goes in. */
export function QuickOrderPage() {
  const add = useQuickAdd();
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof quickAddInput>>({
    resolver: zodResolver(quickAddInput),
    defaultValues: { text: '' },
  });

  const submit = handleSubmit(({ text }) => {
    if (add.isPending) return;
    add.mutate(text, {
      onSuccess: ({ results }) => {
        // What went in must not go in twice: only the lines to fix stay in the box.
        const lines = linesOf(text);
        const toFix = results
          .filter((result) => result.status === 'error')
          .map((result) => lines[result.line - 1])
          .filter((line): line is string => line !== undefined);
        setValue('text', toFix.join('\n'));
      },
    });
  });

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(
        `This file is too large: a quick order takes at most ${groupDigits(MAX_QUICK_ADD_TEXT)} characters.`,
      );
      return;
    }
    try {
      // Spreadsheets often start their CSV files with a byte-order mark; it is not part of a SKU.
      const text = (await file.text()).replace(/^\uFEFF/, '');
      setValue('text', text, { shouldValidate: true });
    } catch {
      setFileError('This file could not be read. Please choose it again.');
    }
  };

  const textError = errors.text?.message;
  return (
    <section className="flex flex-col gap-8 py-10">
      <PageMeta
        title="Quick order"
        description="Add many parts to your ECParts cart at once by SKU and quantity."
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Quick order</h1>
        <Link to={sitePaths.cart} className="btn btn-outline btn-sm">
          <ShoppingCart size={16} aria-hidden="true" />
          Your cart
        </Link>
      </div>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Quick order"
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-5">
          <div className="flex flex-col gap-1">
            <label htmlFor="quick-order-text" className="font-medium">
              SKU and quantity, one part per line
            </label>
            <textarea
              id="quick-order-text"
              rows={10}
              spellCheck={false}
              autoCapitalize="characters"
              placeholder={'CW-100 20\nSP-36 72'}
              className={`textarea w-full font-mono ${textError ? 'textarea-error' : ''}`}
              aria-invalid={textError ? true : undefined}
              aria-describedby={
                textError ? 'quick-order-text-error quick-order-text-hint' : 'quick-order-text-hint'
              }
              {...register('text')}
            />
            <p id="quick-order-text-hint" className="text-sm text-base-content/70">
              Paste from a spreadsheet or type: the SKU, then the quantity, separated by a space,
              tab, comma or semicolon; a header row is skipped. Quantities add to what your cart
              already holds; one below a part&apos;s minimum or between packs is raised to the next
              that can be ordered.
            </p>
            {textError && (
              <p id="quick-order-text-error" className="text-sm text-error">
                {textError}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="quick-order-file" className="font-medium">
              Or load a CSV file
            </label>
            <input
              id="quick-order-file"
              type="file"
              accept=".csv,text/csv"
              className="file-input w-full max-w-md"
              aria-describedby={
                fileError ? 'quick-order-file-error quick-order-file-hint' : 'quick-order-file-hint'
              }
              onChange={(event) => void loadFile(event)}
            />
            <p id="quick-order-file-hint" className="text-sm text-base-content/70">
              Its lines go into the box above, where you can check them before adding.
            </p>
            {fileError && (
              <p id="quick-order-file-error" role="alert" className="text-sm text-error">
                {fileError}
              </p>
            )}
          </div>
          <div>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={add.isPending}
              aria-busy={add.isPending || undefined}
            >
              {add.isPending && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              Add all to cart
            </button>
          </div>
          <FormError message={add.error ? errorMessage(add.error) : null} />
        </div>
      </form>
      {add.data && <QuickAddResults result={add.data} />}
    </section>
  );
}
