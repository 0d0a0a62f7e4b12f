/**
 * The release path n8n's verification requires (.github/workflows/publish.yml), checked by its
 * structure since GitHub Actions cannot run here and Debian has no actionlint: published only from a
 * version tag, only after `npm test`, with npm provenance (id-token: write + --provenance).
 */
import fs from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

type Step = {
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
		expect(steps[publish].env?.NODE_AUTH_TOKEN).toMatch(/secrets\.NPM_TOKEN/);
	});

	it('every step either uses a pinned major version of an action or runs a command', () => {
		for (const s of steps)
			expect(Boolean(s.uses && /@v\d+$/.test(s.uses)) !== Boolean(s.run)).toBe(true);
	});
});
