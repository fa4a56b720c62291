import { AgentConsole } from '../features/agent/agent-console';

/**
 * /agent: the support console. Not prerendered; the /agent socket namespace admits only agents and admins (others go to
 * /login).
 */
export default function AgentPage() {
  return <AgentConsole />;
}
