/** The conversation search on the form kit (a search has no errors): a draft, Search, and Clear while one applies. */
import { useRef, useState } from 'react';
import { useAppForm } from '../../../components/form/use-app-form';

/** The search box's draft: Search applies it to the current view, Clear empties it and gives the box the focus. */
export function useConversationSearch(search: string, onSearch: (search: string) => void) {
  const form = useAppForm({ onLoadFailed: () => undefined });
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(search);
  const onSubmit = form.submit(() => {
    onSearch(draft);
    return Promise.resolve();
  });
  const clear = () => {
    setDraft('');
    onSearch('');
    // The button goes away with the search: the focus goes to the box.
    inputRef.current?.focus();
  };
  return { form, inputRef, draft, setDraft, onSubmit, clear };
}
