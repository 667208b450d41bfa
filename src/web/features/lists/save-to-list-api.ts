import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListLinesResult } from '../../../contract/saved-lists.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import type { SaveToListControl } from '../../components/save-to-list-form.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { saveToListRule, useLists, useSaveToList } from './api.ts';

// Save to list from the product page, the cart and an order (components/save-to-list-form.tsx
// draws it): what it does with the script, and the action that does it without.

const savedText = ({ results, list }: ListLinesResult) => {
  const saved = results.filter((r) => r.status === 'saved').length;
  const failed = results.length - saved;
  const parts = `${saved} ${saved === 1 ? 'part' : 'parts'}`;
  return `Saved ${parts} to ${list.name}${failed > 0 ? ` (${failed} could not be saved)` : ''}.`;
};

const listPath = (id: string) => toPath(sitePaths.listDetail, { listid: id });

/** The action of a page with Save to list, for a form posted before the script took over. */
export const saveToListAction = formAction(
  saveToListRule,
  (result) => ({
    to: listPath(result.list._id),
    toast: { kind: 'success', message: savedText(result) },
  }),
  { signedIn: true },
);

/** The form's lists, and its submit: checked by the rule's schema, saved, and said so. */
export function useSaveToListForm(): SaveToListControl {
  const lists = useLists();
  const save = useSaveToList();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return {
    lists: lists.data?.data ?? [],
    pending: save.isPending,
    error,
    submit: (fields, saved) => {
      setError(null);
      void saveToListRule.schema().then((schema) => {
        const parsed = schema.safeParse(fields);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Check the form');
          return;
        }
        save.mutate(parsed.data, {
          onSuccess: (result) => {
            saved(result.list._id);
            notify('success', savedText(result), {
              label: 'Open list',
              run: () => void navigate(listPath(result.list._id)),
            });
          },
          onError: (failure) => setError(errorMessage(failure)),
        });
      });
    },
  };
}
