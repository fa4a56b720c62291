import { JOB_DESCRIPTION_LINES } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { Icon } from '../../components/icon';
import { careersTexts, type Job } from '../../content/jobs';

/** Job cards (title, location, description clamped to 2 lines, Apply Now), or the spec's empty-state text. */
export function JobList({ jobs }: { jobs: readonly Job[] }) {
  if (jobs.length === 0) {
    return <p className="app-catalogue__empty">{careersTexts.emptyText}</p>;
  }
  return (
    <ul className="app-grid app-catalogue__list">
      {jobs.map((job) => (
        <li key={job.slug} className="app-card">
          <h2 className="app-card__title">{job.title}</h2>
          <p className="app-catalogue__location">
            <Icon name="map-pin" />
            {job.location}
          </p>
          <p className={`app-card__text app-clamp-${JOB_DESCRIPTION_LINES}`}>{job.description}</p>
          <a href={paths.apply(job.slug)} className="app-button app-button--primary app-catalogue__apply">
            {careersTexts.applyLabel}
            <span className="app-visually-hidden">: {job.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
