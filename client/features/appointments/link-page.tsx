import type { ReactNode } from 'react';
import { brand } from '../../../shared/brand';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../layout/page-meta';

/** The frame of a link page: one heading, then a card (the page module sets the HTTP status and noindex). */
export function LinkPage({
  title,
  description,
  intro,
  children,
}: {
  title: string;
  description: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={`${title} - ${brand.name}`} description={description} />
      <PageHeader title={title} intro={intro} />
      <section className="app-section" aria-label={title}>
        <div className="app-container">
          <div className="app-form-card">{children}</div>
        </div>
      </section>
    </>
  );
}

/** How to reach the clinic instead: a phone number a phone can dial. */
export function CallUs() {
  return (
    <p>
      To change your appointment another way, call us on{' '}
      <a href={`tel:${brand.phone.replace(/\s+/g, '')}`}>{brand.phone}</a>.
    </p>
  );
}

/** A link that cannot be used (used, replaced, unknown, the offer gone): why, and how to call. */
export function LinkRefused({ title, message }: { title: string; message: string }) {
  return (
    <LinkPage title={title} description="This link cannot be used.">
      <p role="alert">{message}</p>
      <CallUs />
    </LinkPage>
  );
}
