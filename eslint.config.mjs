// ESLint: n8n's own community-node rules (@n8n/node-cli), strict, as `n8n-node lint` runs them.
import { config } from '@n8n/node-cli/eslint';

export default config;
