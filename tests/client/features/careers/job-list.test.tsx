// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { careersTexts, jobs } from '../../../../client/content/jobs';
import { JobList } from '../../../../client/features/careers/job-list';

afterEach(cleanup);

describe('JobList', () => {
  it('shows the spec empty-state text and no job cards when there are no open positions', () => {
    render(<JobList jobs={[]} />);
    expect(screen.getByText('There are currently no open positions. Please check back later!')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows each job with title, location, a 2-line description and Apply Now to /apply/{slug}', () => {
    render(<JobList jobs={jobs} />);
    const job = jobs[0]!;
    expect(screen.getByRole('heading', { name: 'Data Analyst' })).toBeTruthy();
    expect(screen.getByText('Lagos Nigeria (Hybrid)')).toBeTruthy();
    expect(screen.getByText(job.description).className).toContain('app-clamp-2');
    const apply = screen.getByRole('link', { name: `${careersTexts.applyLabel}: Data Analyst` });
    expect(apply.getAttribute('href')).toBe('/apply/data-analyst');
    expect(screen.queryByText(careersTexts.emptyText)).toBeNull();
  });
});
