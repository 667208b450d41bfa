import { isOneOf, type FilterOption } from '../../components/segmented-filter.tsx';
import type { MessageFilter } from './api.ts';

/** All, Open or Done, in the inbox's filter and its address. */
export const messageFilters: FilterOption<MessageFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
];

export const isMessageFilter = isOneOf(messageFilters);
