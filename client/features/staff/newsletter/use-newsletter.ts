/** The newsletter list's data (issue #13): the pages for the search, and unsubscribing with a focused answer line. */
import { useMemo, useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc';

export function useNewsletter() {
  const [search, setSearch] = useState('');
  const input = useMemo(() => (search ? { search } : {}), [search]);
  const list = trpc.staff.newsletter.list.useInfiniteQuery(input, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const utils = trpc.useUtils();
  const [unsubscribing, setUnsubscribing] = useState('');
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const unsubscribe = trpc.staff.newsletter.unsubscribe.useMutation({
    onSuccess: () => {
      setNotice(`${unsubscribing || 'The address'} is unsubscribed.`);
      void utils.staff.newsletter.list.invalidate();
      requestAnimationFrame(() => noticeRef.current?.focus());
    },
    onError: (error) => {
      setNotice(error.message);
      requestAnimationFrame(() => noticeRef.current?.focus());
    },
  });
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const unsubscribeRow = (row: { id: number; email: string }) => {
    setUnsubscribing(row.email);
    unsubscribe.mutate({ id: row.id });
  };
  return { setSearch, list, rows, notice, noticeRef, unsubscribing: unsubscribe.isPending, unsubscribeRow };
}
