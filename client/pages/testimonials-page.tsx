import { ServerContent } from '../rendering/server-content';
import { TestimonialsContent } from './testimonials-page.server';

/** Static page: rendered to HTML on the server, never shipped as JavaScript. */
export default function TestimonialsPage() {
  return (
    <ServerContent id="testimonials">
      <TestimonialsContent />
    </ServerContent>
  );
}
