/** Search the newsletter list by address (issue #13). */
import type { FormEvent } from 'react';
import { formValue } from '../../../components/form/form-value';

export function NewsletterSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(formValue(event.currentTarget, 'search').trim());
  };
  return (
    <form role="search" aria-label="Search subscribers" className="app-staff__filters" onSubmit={onSubmit}>
      <div className="app-field app-staff__search">
        <label className="app-field__label" htmlFor="newsletter-search">
          Search by email
        </label>
        <input id="newsletter-search" name="search" type="search" className="app-field__control" maxLength={100} />
      </div>
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--primary">
          Search
        </button>
      </div>
    </form>
  );
}
