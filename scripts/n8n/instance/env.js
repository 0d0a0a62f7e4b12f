'use strict';
/*
 * The environment of an n8n started by ../instance.js: nothing calls out, nothing of the caller's
 * own n8n / Node settings leaks in, and modules that call n8n's servers are off.
 */
const fs = require('node:fs');
const path = require('node:path');

const OWNER = {
	email: 'owner@example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2e-Owner-Passw0rd',
};

/** Everything that could call out, off.  Also used by the CLI commands (import, execute). */
function quietEnv() {
	return {
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_LICENSE_DETACH_FLOATING_ON_SHUTDOWN: 'false',
		// Nothing to talk to: any attempt fails fast on the loopback instead of leaving the machine.
		N8N_LICENSE_SERVER_URL: 'http://127.0.0.1:9/v1',
		N8N_VERSION_NOTIFICATIONS_ENDPOINT: 'http://127.0.0.1:9/versions/',
		N8N_TEMPLATES_HOST: 'http://127.0.0.1:9/templates/',
		N8N_DYNAMIC_BANNERS_ENDPOINT: 'http://127.0.0.1:9/banners',
		N8N_AI_ASSISTANT_BASE_URL: 'http://127.0.0.1:9/ai',
		N8N_DIAGNOSTICS_POSTHOG_API_HOST: 'http://127.0.0.1:9',
		N8N_SENTRY_DSN: '',
		N8N_FRONTEND_SENTRY_DSN: '',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_METRICS: 'false',
		N8N_COMMUNITY_PACKAGES_REGISTRY: 'https://registry.npmjs.org',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_NODE_PATH: '',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_RELEASE_TYPE: 'stable',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_LOG_OUTPUT: 'console',
		NO_COLOR: '1',
		DO_NOT_TRACK: '1',
	};
}

/** Modules that call n8n's servers (and that the tests do not need); n8n 2.x fetched its MCP registry
 *  from api.n8n.io at start.  Only names this version knows are used (unknown ones make n8n fail). */
const CALLING_OUT_MODULES = [
	'mcp-registry',
	'instance-ai',
	'instance-reporting',
	'workflow-builder',
	'instance-registry',
];

function disabledModules(installDir, wanted = CALLING_OUT_MODULES) {
	let known = [];
	try {
		const f = path.join(
			installDir,
			'node_modules',
			'@n8n',
			'backend-common',
			'dist',
			'modules',
			'modules.config.js',
		);
		const m = /MODULE_NAMES = \[([^\]]*)\]/.exec(fs.readFileSync(f, 'utf8'));
		known = m ? [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]) : [];
	} catch {
		known = [];
	}
	return wanted.filter((w) => known.includes(w));
}

/** The caller's environment without anything that would configure n8n or Node behind our back
 *  (a developer's N8N_* / DB_* settings, jest's NODE_ENV, ts-node's NODE_OPTIONS). */
function inheritedEnv() {
	const env = { ...process.env };
	for (const k of Object.keys(env)) {
		if (
			/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_|CREDENTIALS_|WEBHOOK_URL$|NODE_ENV$|NODE_OPTIONS$|NODE_PATH$|TS_NODE_|JEST_WORKER_ID$)/.test(
				k,
			) &&
			!k.startsWith('N8N_E2E_')
		)
			delete env[k];
	}
	return env;
}

module.exports = { OWNER, quietEnv, inheritedEnv, disabledModules, CALLING_OUT_MODULES };
