import { Icon } from './icon';

const MAX_STARS = 5;

/** Stars drawn for the eye, with the rating as text for screen readers. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <p className="app-stars">
      <span className="app-visually-hidden">
        Rated {rating} out of {MAX_STARS}
      </span>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Icon
          key={index}
          name={index < rating ? 'star-filled' : 'star'}
          className={`app-icon${index < rating ? ' app-stars__on' : ' app-stars__off'}`}
        />
      ))}
    </p>
  );
}
