/**
 * The release path n8n's verification requires (.github/workflows/publish.yml), checked by its
 * structure since GitHub Actions cannot run here and Debian has no actionlint: published only from a
 * version tag, only after `npm test`, with npm provenance (id-token: write + --provenance), through npm
 * Trusted Publishing (OIDC: no token secret; Node >= 22.14 and npm >= 11.5.1 for the publish step).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

type Step = {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
};
type Workflow = {
	on: { push: { tags: string[] } };
	permissions: Record<string, string>;
	jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
};

const wf = yaml.load(
	fs.readFileSync(path.join(__dirname, '..', '..', '.github', 'workflows', 'publish.yml'), 'utf8'),
) as Workflow;

describe('publish workflow', () => {
	const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
	const index = (re: RegExp) => steps.findIndex((s) => re.test(s.run ?? ''));

	it('runs on version tags only', () => {
		expect(Object.keys(wf.on)).toEqual(['push']);
		expect(wf.on.push.tags).toEqual(['v*.*.*']);
	});

	it('may mint the OIDC token provenance needs, and nothing more than reading the code', () => {
		expect(wf.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('publishes with provenance, after npm test', () => {
		const test = index(/^npm test$/);
		const publish = index(/npm publish --provenance/);
		expect(test).toBeGreaterThanOrEqual(0);
		expect(publish).toBeGreaterThan(test);
	});

	it('authenticates by Trusted Publishing (OIDC): no token secret anywhere', () => {
		const text = fs.readFileSync(
			path.join(__dirname, '..', '..', '.github', 'workflows', 'publish.yml'),
			'utf8',
		);
		const code = text.replace(/^\s*#.*$/gm, '');
		expect(code).not.toMatch(/secrets\./);
		expect(code).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|_authToken/);
	});

	it('publishes on a Node that Trusted Publishing supports (>= 22.14), npm checked >= 11.5.1', () => {
		const test = index(/^npm test$/);
		const publish = index(/npm publish --provenance/);
		// the last Node set up before publishing, and the npm version check between it and publishing
		const setups = steps
			.map((s, i) => ({ s, i }))
			.filter(({ s, i }) => /^actions\/setup-node@/.test(s.uses ?? '') && i < publish);
		const last = setups[setups.length - 1];
		expect(Number(String(last.s.with?.['node-version']).split('.')[0])).toBeGreaterThanOrEqual(23);
		// the tests themselves run on the engine the package supports
		expect(setups[0].i).toBeLessThan(test);
		expect(String(setups[0].s.with?.['node-version'])).toBe('20');
		const check = steps.findIndex(
			(s) => /npm --version/.test(s.run ?? '') && /11.*5.*1/.test(s.run ?? ''),
		);
		expect(check).toBeGreaterThan(last.i);
		expect(check).toBeLessThan(publish);
	});

	it('every step either uses a pinned major version of an action or runs a command', () => {
		for (const s of steps)
			expect(Boolean(s.uses && /@v\d+$/.test(s.uses)) !== Boolean(s.run)).toBe(true);
	});
});
