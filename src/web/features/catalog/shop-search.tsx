import { Search } from 'lucide-react';
import type { FormEvent } from 'react';

export function ShopSearch({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };

  return (
    <form
      role="search"
      aria-label="Shop search"
      onSubmit={submit}
      className="flex flex-col gap-2 sm:max-w-md"
    >
      <label htmlFor="shop-search" className="font-medium">
        Search products
      </label>
      <div className="join">
        <input
          key={query}
          id="shop-search"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="e.g. chain, wrench"
          maxLength={100}
          className="input join-item w-full"
        />
        <button type="submit" className="btn btn-primary join-item">
          <Search size={18} aria-hidden="true" />
          Search
        </button>
      </div>
    </form>
  );
}
