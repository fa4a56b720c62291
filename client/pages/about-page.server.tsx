import { LEADER_BIO_LINES } from '../../shared/constants';
import { FeatureCard } from '../components/feature-card';
import { Illustration } from '../components/illustration';
import { PageHeader } from '../components/page-header';
import { aboutContent } from '../content/about-content';
import { PageMeta } from '../layout/page-meta';
import { TitledSection } from '../components/titled-section';

export function AboutContent() {
  const { meta, intro, journey, mission, values, leadership } = aboutContent;
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={intro.heading} intro={intro.paragraphs[0]} />
      <section className="app-section" aria-labelledby="journey-heading">
        <div className="app-container app-split">
          <div>
            {intro.paragraphs.slice(1).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2 id="journey-heading">{journey.heading}</h2>
            {journey.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Illustration name="gallery-team" alt="" className="app-split__image" />
        </div>
      </section>
      <section id={mission.id} className="app-section app-section--tinted" aria-labelledby="mission-heading">
        <div className="app-container app-grid app-grid--2">
          <div>
            <h2 id="mission-heading">{mission.heading}</h2>
            <p>{mission.text}</p>
          </div>
          <div>
            <h2>{mission.visionHeading}</h2>
            <p>{mission.vision}</p>
          </div>
        </div>
      </section>
      <TitledSection id="values" heading={values.heading}>
        <div className="app-grid app-grid--3">
          {values.items.map((value) => (
            <FeatureCard key={value.title} title={value.title} description={value.description} />
          ))}
        </div>
      </TitledSection>
      <TitledSection id="leadership" heading={leadership.heading} tinted>
        {/* A horizontally scrolling list; focusable so keyboard users can scroll it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must take focus (WCAG 2.1.1) */}
        <ul className="app-scroller" tabIndex={0} aria-labelledby="leadership-heading">
          {leadership.leaders.map((leader) => (
            <li key={leader.name} className="app-leader">
              {leader.imageUrl ? (
                <img
                  src={leader.imageUrl}
                  alt={leader.name}
                  width={300}
                  height={300}
                  loading="lazy"
                  className="app-leader__photo"
                />
              ) : (
                <Illustration name="leader-placeholder" alt="" className="app-leader__photo" />
              )}
              <h3 className="app-leader__name">{leader.name}</h3>
              <p className="app-leader__title">{leader.title}</p>
              <p className={`app-leader__bio app-clamp-${LEADER_BIO_LINES}`}>{leader.bio}</p>
            </li>
          ))}
        </ul>
      </TitledSection>
    </>
  );
}
