/**
 * `npm start`'s demo as a newcomer meets it: n8n runs in the centers' time zone (GENERIC_TIMEZONE) and
 * the banner says which zone Schedule Triggers and $today use; workflows read and write files in a
 * folder of the user folder, outside the git working tree, which the banner names; install warnings a
 * user cannot act on (npm's deprecation notes) are not printed. The e2e part `restart` checks the real
 * banner of a started demo.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CENTERS } from '../../sandbox/fixtures';
import { BANNER_HEADING, bannerLines, INSERT_EXAMPLES } from '../../sandbox/banner';
import { startSandbox } from '../../sandbox';

/* eslint-disable @typescript-eslint/no-require-imports */
const root = path.resolve(__dirname, '..', '..');
const demo = require('../../scripts/n8n/demo-folder.js') as {
	DEMO_TIME_ZONE: string;
	prepareFilesFolder(userFolder: string, dataDir: string): string;
	demoEnv(files: string): Record<string, string>;
	demoBannerLines(files: string): string[];
};
const polls = require('../../scripts/n8n/demo-folder.js') as {
	DEMO_ACTIVE_EXAMPLE: string;
	examplePoll(workflow: Workflow): string | undefined;
	demoPatch(key: string, workflow: Workflow): ((node: WorkflowNode) => void) | undefined;
	demoPollLines(examples: Array<{ key: string; workflow: Workflow }>): string[];
};
const { loadExamples } = require('../../scripts/lib/examples.js') as {
	loadExamples(): Array<{ key: string; workflow: Workflow }>;
};
type WorkflowNode = { type: string; parameters: Record<string, unknown> };
type Workflow = { name: string; nodes: WorkflowNode[] };
const { lastUsefulLine } = require('../../scripts/n8n/install.js') as {
	lastUsefulLine(text: string): string;
};

test("n8n runs in a center's time zone, and the banner says what uses it", () => {
	expect(CENTERS.map((c) => c.time_zone)).toContain(demo.DEMO_TIME_ZONE);
	expect(demo.demoEnv('/x/files').GENERIC_TIMEZONE).toBe(demo.DEMO_TIME_ZONE);
	const banner = demo.demoBannerLines('/x/files').join('\n');
	expect(banner).toContain(`Time zone: ${demo.DEMO_TIME_ZONE} (GENERIC_TIMEZONE)`);
	expect(banner).toMatch(/Schedule Triggers and \$today use it/);
});

test('files: a folder of the user folder, outside the git working tree, with the example data; named in the banner', () => {
	const user = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-user-'));
	try {
		const files = demo.prepareFilesFolder(user, path.join(root, 'examples', 'data'));
		expect(files).toBe(path.join(user, 'files'));
		expect(path.relative(root, files).startsWith('..')).toBe(true);
		expect(fs.readdirSync(files)).toContain('counter-hours.csv');
		expect(demo.demoEnv(files).N8N_RESTRICT_FILE_ACCESS_TO).toBe(files);
		expect(demo.demoBannerLines(files).join('\n')).toContain(
			`Files: workflows may read and write files in ${files}`,
		);
		// a second start keeps what the user changed there
		fs.writeFileSync(path.join(files, 'counter-hours.csv'), 'mine');
		demo.prepareFilesFolder(user, path.join(root, 'examples', 'data'));
		expect(fs.readFileSync(path.join(files, 'counter-hours.csv'), 'utf8')).toBe('mine');
	} finally {
		fs.rmSync(user, { recursive: true, force: true });
	}
});

test("install progress lines skip npm's warnings; npm ci prints errors only", () => {
	expect(
		lastUsefulLine('added 1500 packages\nnpm warn deprecated glob@7: old\nnpm WARN peer x\n'),
	).toBe('added 1500 packages');
	expect(lastUsefulLine('npm warn deprecated a\n')).toBe('');
	const lib = fs.readFileSync(path.join(root, 'scripts', 'lib', 'index.js'), 'utf8');
	expect(lib).toMatch(/\['ci', \.\.\.args, [^\]]*'--loglevel=error'\]/);
});

describe('the banner: making a record appear, what the sandbox issues itself, what a restart keeps', () => {
	const control = 'http://127.0.0.1:4010/__sandbox';
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

	test('a curl line for an anomaly and one for a receipt, each accepted by the control API', async () => {
		const lines = bannerLines(control, 'running');
		expect(lines[0]).toBe(BANNER_HEADING);
		const sb = await startSandbox({ now: '2026-11-20T09:00:00Z', clockMode: 'frozen' });
		try {
			for (const [kind, body] of Object.entries(INSERT_EXAMPLES)) {
				const line = lines.find((l) => l.includes(`"kind":"${kind}"`));
				expect(line).toContain(`curl -s -X POST ${control}/insert`);
				const sent = JSON.parse(/-d '([^']+)'/.exec(line ?? '')?.[1] ?? 'null') as object;
				expect(sent).toEqual(body);
				const res = await fetch(`${sb.controlUrl}/insert`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(sent),
				});
				expect(res.status).toBe(200);
				const { data } = (await res.json()) as { data: { ids: string[] } };
				expect(data.ids).toHaveLength(1);
			}
		} finally {
			await sb.close();
		}
	});

	test('the sandbox issues receipts by itself as its clock runs; a restart keeps the seeded ones, not the inserted one', async () => {
		const q = {
			sc_id: '1002',
			shop_id: '1002-01',
			start_received_date: '2026-11-20',
			end_received_date: '2026-11-20',
		};
		const first = await startSandbox({ now: '2026-11-20T09:00:00Z', clockMode: 'frozen' });
		let before: string[];
		let inserted: string[];
		try {
			before = first.store.truth('receipts', q, first.clock.now()).ids;
			// two hours later the shop has received more of its day's receipts, none inserted by hand
			first.clock.advance(2 * 3600_000);
			expect(first.store.truth('receipts', q, first.clock.now()).count).toBeGreaterThan(
				before.length,
			);
			inserted = first.store.insert('receipt', '1002', 1, first.clock.now(), {
				shop_id: '1002-01',
			});
			expect(first.store.truth('receipts', q, first.clock.now()).ids).toContain(inserted[0]);
		} finally {
			await first.close();
		}
		const again = await startSandbox({ now: '2026-11-20T11:00:00Z', clockMode: 'frozen' });
		try {
			const after = again.store.truth('receipts', q, again.clock.now()).ids;
			expect(after).toEqual(expect.arrayContaining(before));
			expect(after).not.toContain(inserted[0]);
		} finally {
			await again.close();
		}
		// the banner and the README say so
		const said = bannerLines(control, 'running').join('\n');
		expect(said).toMatch(/issues receipts by itself/);
		expect(said).toMatch(
			/restart regenerates the same seeded records.*inserted by hand are not kept/,
		);
		expect(readme).toMatch(/The sandbox issues receipts by itself/);
		expect(readme).toMatch(
			/A restart regenerates the same seeded records[^.]*keeps\s+nothing written or inserted by hand/,
		);
	});

	test("npm start's banner prints the sandbox's own block (read from its output)", () => {
		const demo = fs.readFileSync(path.join(root, 'scripts', 'n8n', 'demo.js'), 'utf8');
		expect(demo).toContain('sb.bannerLines');
		const processes = fs.readFileSync(path.join(root, 'scripts', 'lib', 'processes.js'), 'utf8');
		expect(processes).toContain(`'${BANNER_HEADING.split(' (')[0]}'`);
	});
});

describe('the banner says when the demo polls faster than the example file, and why', () => {
	const examples = loadExamples();

	test('the active example polls every minute in the demo, its note says so and why; the others as their files', () => {
		const active = examples.find((e) => e.key === polls.DEMO_ACTIVE_EXAMPLE)!;
		const file = polls.examplePoll(active.workflow);
		expect(file).toMatch(/^every \d+ minutes$/);
		const copy = JSON.parse(JSON.stringify(active.workflow)) as Workflow;
		const patch = polls.demoPatch(active.key, active.workflow)!;
		for (const node of copy.nodes) patch(node);
		expect(polls.examplePoll(copy)).toBe('every minute');
		const note = copy.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')!;
		expect(note.parameters.content).toContain(`polls every minute (its file: ${file})`);
		expect(note.parameters.content).toMatch(
			/so that an anomaly you insert is posted within a minute/,
		);
		for (const other of examples.filter((e) => e !== active))
			expect(polls.demoPatch(other.key, other.workflow)).toBeUndefined();

		const lines = polls.demoPollLines(examples).join('\n');
		expect(lines).toContain(`polls every minute here (its file: ${file})`);
		expect(lines).toMatch(/so that an anomaly you insert is posted within a minute/);
		expect(lines).toMatch(/day budget/);
		for (const other of examples.filter((e) => e !== active && polls.examplePoll(e.workflow)))
			expect(lines).toContain(`"${other.workflow.name}" ${polls.examplePoll(other.workflow)}`);
	});
});
