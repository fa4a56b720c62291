import { ServerContent } from '../rendering/server-content';
import { HomeContent } from './home-page.server';

/** Static page: rendered to HTML on the server, never shipped as JavaScript. */
export default function HomePage() {
  return (
    <ServerContent id="home">
      <HomeContent />
    </ServerContent>
  );
}
