import { PageHeader } from '../components/page-header';
import { StarRating } from '../components/star-rating';
import { testimonialsContent } from '../content/testimonials';
import { PageMeta } from '../layout/page-meta';

export function TestimonialsContent() {
  const { meta, heading, intro, items } = testimonialsContent;
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={heading} intro={intro} />
      <section className="app-section" aria-label="Testimonials">
        <ul className="app-container app-grid app-grid--2">
          {items.map((item) => (
            <li key={item.name} className="app-card app-testimonial">
              <figure>
                <StarRating rating={item.rating} />
                <blockquote className="app-testimonial__quote">
                  <p>{item.testimonial}</p>
                </blockquote>
                <figcaption className="app-testimonial__by">
                  <span className="app-testimonial__name">{item.name}</span>
                  <span className="app-testimonial__role">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
