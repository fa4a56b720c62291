import { useEffect, useRef, useState, type RefObject } from 'react';
import { useParams } from 'wouter';
import { ServerContent } from '../rendering/server-content';
import { JobApplicationForm } from '../features/forms/job-application/job-application-form';
import '../styles/catalogue.css';
import { ApplyHeader, titleFor } from './apply-page.server';

/** The router decodes with decodeURI; this also decodes reserved characters such as %26 and %2F. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The server-rendered heading for this URL's slug inside `root`, if it is there. */
const headingIn = (root: ParentNode | null | undefined, decoded: string) =>
  root?.querySelector(`[data-apply-for="${CSS.escape(decoded)}"] h1`)?.textContent ?? null;

/**
 * The job title for the form. The server looks it up (`titleFor`, a stub in the browser); the browser never loads the
 * jobs list (long descriptions): it reads the title from the server-rendered
 * heading of this slug, there from the start on a first load, or once the page's
 * HTML block has arrived after a client-side navigation.
 */
function useJobTitle(decoded: string, wrapperRef: RefObject<HTMLDivElement | null>): string | null {
  const [found, setFound] = useState(() => ({
    decoded,
    title: typeof document === 'undefined' ? titleFor(decoded) : headingIn(document, decoded),
  }));
  const title = found.decoded === decoded ? found.title : null;
  useEffect(() => {
    if (title !== null) return;
    const read = () => {
      const heading = headingIn(wrapperRef.current, decoded);
      if (heading !== null) setFound({ decoded, title: heading });
      return heading !== null;
    };
    if (read()) return;
    const observer = new MutationObserver(() => read() && observer.disconnect());
    if (wrapperRef.current) observer.observe(wrapperRef.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [title, decoded, wrapperRef]);
  return title;
}

/**
 * /apply/{slug or job title}: a known slug shows its job's title, anything else
 * the URL-decoded text itself. The heading is server-rendered; the form (an
 * island) receives the same title.
 */
export default function ApplyPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const decoded = decodeParam(slug);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const title = useJobTitle(decoded, wrapperRef);
  return (
    <div ref={wrapperRef}>
      <ServerContent id="apply">
        <ApplyHeader decoded={decoded} title={title ?? decoded} />
      </ServerContent>
      <div className="app-section">
        <div className="app-container app-prose">
          {title !== null ? <JobApplicationForm key={title} jobTitle={title} /> : null}
        </div>
      </div>
    </div>
  );
}
