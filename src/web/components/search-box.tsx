import { Search } from 'lucide-react';
import type { FormEvent } from 'react';

export type SearchProps = {
  id: string;
  /** Names the search landmark, apart from the field's own label: "User search". */
  name: string;
  label: string;
  placeholder: string;
  query: string;
  onSearch: (q: string) => void;
  /** A Clear search button beside the box; off where the empty result offers its own way back. */
  clearable?: boolean;
  /**
   * Where the search goes as a plain form (GET, `?q=`) before the script has loaded: set where
   * the search lives in the address (the shop).
   */
  action?: string;
  /**
   * What that plain form carries along unchanged, as `[name, value]` pairs: a list's filters,
   * so that a new search keeps them.
   */
  hidden?: [string, string][];
};

/** Searches on submit (not per keystroke): one request per search on a large list. */
export function SearchBox({
  id,
  name,
  label,
  placeholder,
  query,
  onSearch,
  clearable = true,
  action,
  hidden = [],
}: SearchProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };

  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={submit}
      {...(action ? { method: 'get', action } : {})}
      className="flex flex-col gap-1"
    >
      {action &&
        hidden.map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="join w-full sm:w-96">
          <input
            // A new query from the address (Back, a cleared search) resets what is typed.
            key={query}
            id={id}
            name="q"
            type="search"
            defaultValue={query}
            placeholder={placeholder}
            maxLength={100}
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            <Search size={18} aria-hidden="true" />
            Search
          </button>
        </div>
        {clearable && query && (
          <button type="button" className="btn btn-ghost" onClick={() => onSearch('')}>
            Clear search
          </button>
        )}
      </div>
    </form>
  );
}
