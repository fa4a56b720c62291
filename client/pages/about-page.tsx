import { ServerContent } from '../rendering/server-content';
import { AboutContent } from './about-page.server';

/** Static page: rendered to HTML on the server, never shipped as JavaScript. */
export default function AboutPage() {
  return (
    <ServerContent id="about">
      <AboutContent />
    </ServerContent>
  );
}
