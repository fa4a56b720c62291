import { ServerContent } from '../components/server-content';
import { TestimonialsContent } from './testimonials-page.server';

/** Static page: rendered to HTML on the server, never shipped as JavaScript. */
export default function TestimonialsPage() {
  return (
    <ServerContent id="testimonials">
      <TestimonialsContent />
    </ServerContent>
  );
}
