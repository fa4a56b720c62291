/** Search the newsletter list by address (issue #13), on the form kit's frame (a search has no errors). */
import { AppForm } from '../../../components/form/app-form';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { formValue } from '../../../components/form/form-value';
import { useAppForm } from '../../../components/form/use-app-form';

export function NewsletterSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const form = useAppForm({ onLoadFailed: () => undefined });
  const onSubmit = form.submit((_nothing, element) => {
    onSearch(formValue(element, 'search').trim());
    return Promise.resolve();
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} role="search" label="Search subscribers" className="app-staff__filters">
      <FieldWrapper id="newsletter-search" label="Search by email" className="app-staff__search">
        {() => (
          <input id="newsletter-search" name="search" type="search" className="app-field__control" maxLength={100} />
        )}
      </FieldWrapper>
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--primary">
          Search
        </button>
      </div>
    </AppForm>
  );
}
