import { zodResolver } from '@hookform/resolvers/zod';
import { ShoppingCart } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import type { LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { MAX_QUICK_ADD_TEXT, quickAddInput } from '../../../contract/cart.ts';
import type { Product } from '../../../contract/catalog.ts';
import { allowedQuantityAtLeast } from '../../../contract/price-ladder.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { FormError } from '../../components/form-fields.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { toolsQuery, useTools } from '../catalog/api.ts';
import { cartQuery, quickAddRule, useCart, useQuickAdd } from './api.ts';
import { quickAddSummary, QuickAddResults } from '../../components/quick-add-results.tsx';
import { groupDigits } from '../../../contract/number-text.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { PageTitleBar } from '../../components/page-title-bar.tsx';

type Values = z.input<typeof quickAddInput>;

/**
 * "ECP-CWC-01 20 / ECP-SPK-262 72": two lines the shop would take, made of parts it sells (the
 * catalogue's first page, which the shop page shows too), one sold in packs if there is one.
 */
function exampleLines(products: readonly Product[]) {
  const inStock = products.filter((p) => p.stock >= p.moq);
  const loose = inStock.find((p) => p.packSize === 1) ?? inStock[0];
  const packed =
    inStock.find((p) => p.packSize > 1 && p !== loose) ?? inStock.find((p) => p !== loose);
  const lines = [loose, packed].flatMap((p) =>
    p ? [`${p.sku} ${Math.min(allowedQuantityAtLeast(p, 2 * p.moq), p.stock)}`] : [],
  );
  return lines.length > 0 ? lines.join('\n') : 'SKU quantity';
}

// UTF-8 takes at most 4 bytes a character: a file above this cannot fit the text limit, and
// is refused before the browser reads all of it into memory.
const MAX_FILE_BYTES = MAX_QUICK_ADD_TEXT * 4;

/** The lines of the text the server reports by their 1-based number. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/);

/** /quick-order: paste "SKU quantity" lines or load a CSV file; every valid line goes in. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [cartQuery(page.call), toolsQuery({}, page.call)]);
}

/** A paste sent before the script took over: added, and the page says what went in. */
export const action = formAction(
  quickAddRule,
  ({ results }) => ({
    to: sitePaths.quickOrder,
    toast: { kind: 'success', message: `Quick order: ${quickAddSummary(results)}.` },
  }),
  { signedIn: true },
);

const META = {
  title: 'Quick order',
  description: 'Add many parts to your ECParts cart at once by SKU and quantity.',
};

export function QuickOrderPage() {
  const add = useQuickAdd();
  const answer = useFormAnswer();
  const cart = useCart();
  const catalogue = useTools({});
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof quickAddInput>>({
    resolver: zodResolver(quickAddInput),
    defaultValues: {
      text: answer?.values.text ?? '',
      mode: answer?.values.mode === 'replace' ? 'replace' : 'add',
    },
  });
  const replacing = useWatch({ control, name: 'mode' }) === 'replace';
  const cartLines = cart.data?.lines.length;

  const submit = handleSubmit(({ text, mode }) => {
    if (add.isPending) return;
    add.mutate(
      { text, mode },
      {
        onSuccess: ({ results }) => {
          // What went in must not go in twice: only the lines to fix stay in the box.
          const lines = linesOf(text);
          const toFix = results
            .filter((result) => result.status === 'error')
            .map((result) => lines[result.line - 1])
            .filter((line): line is string => line !== undefined);
          setValue('text', toFix.join('\n'));
        },
      },
    );
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

  const textError =
    errors.text?.message ?? answer?.fieldErrors.text ?? answer?.formError ?? undefined;
  return (
    <section className="flex flex-col gap-8 py-10">
      <PageTitleBar
        meta={META}
        link={{ to: sitePaths.cart, label: 'Your cart', icon: ShoppingCart }}
      />
      <form
        onSubmit={submit}
        // Sent by script; before it has loaded, the page's action adds it (docs/decisions/0018).
        method="post"
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
              placeholder={catalogue.data ? exampleLines(catalogue.data.data) : undefined}
              defaultValue={answer?.values.text}
              className={`textarea w-full font-mono ${textError ? 'textarea-error' : ''}`}
              aria-invalid={textError ? true : undefined}
              aria-describedby={
                textError ? 'quick-order-text-error quick-order-text-hint' : 'quick-order-text-hint'
              }
              {...register('text')}
            />
            <p id="quick-order-text-hint" className="text-sm text-base-content/70">
              Paste from a spreadsheet or type: the SKU, then the quantity, separated by a space,
              tab, comma or semicolon; a header row is skipped. A quantity below a part&apos;s
              minimum or between packs is raised to the next that can be ordered.
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
              Its lines go into the box above, where you can check them before adding.{' '}
              <a href="/templates/quick-order.csv" download="quick-order.csv" className="link">
                Download a template (quick-order.csv)
              </a>
            </p>
            {fileError && (
              <p id="quick-order-file-error" role="alert" className="text-sm text-error">
                {fileError}
              </p>
            )}
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Your cart</legend>
            <ModeChoice
              value="add"
              label="Add to the cart"
              hint={`The lines go on top of what your cart holds${cartHoldsNow(cartLines)}; a part already there gets more.`}
              registration={register('mode')}
            />
            <ModeChoice
              value="replace"
              label="Replace the cart"
              hint={`Your cart is emptied${cartHoldsNow(cartLines)} and holds these lines only, once at least one of them goes in.`}
              registration={register('mode')}
            />
          </fieldset>
          <div>
            <BusyButton type="submit" className="btn btn-primary" pending={add.isPending}>
              {replacing ? 'Replace the cart with these lines' : 'Add all to cart'}
            </BusyButton>
          </div>
          <FormError message={add.error ? errorMessage(add.error) : null} />
        </div>
      </form>
      {add.data && <QuickAddResults result={add.data} />}
    </section>
  );
}

/** " (3 lines now)": what the cart holds, once known. */
const cartHoldsNow = (lines: number | undefined) =>
  lines === undefined ? '' : ` (${lines} ${lines === 1 ? 'line' : 'lines'} now)`;

function ModeChoice({
  value,
  label,
  hint,
  registration,
}: {
  value: 'add' | 'replace';
  label: string;
  hint: string;
  registration: ReturnType<UseFormRegister<Values>>;
}) {
  const id = `quick-order-mode-${value}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="radio"
        value={value}
        className="radio radio-primary mt-0.5"
        aria-describedby={`${id}-hint`}
        {...registration}
      />
      <div>
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      </div>
    </div>
  );
}
