/**
 * `npm start`'s demo as a newcomer meets it: n8n runs in the centers' time zone (GENERIC_TIMEZONE) and
 * the banner says which zone Schedule Triggers and $today use; workflows read and write files in a
 * folder of the user folder, outside the git working tree, which the banner names; install warnings a
 * user cannot act on (npm's deprecation notes) and compiler output are not printed, and the install
 * time is one figure everywhere. The e2e part `restart` checks the real
 * banner of a started demo.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CENTERS } from '../../sandbox/fixtures/centers';
import { BANNER_HEADING, bannerLines, INSERT_EXAMPLES } from '../../sandbox/server/banner';
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
	demoPollLines(saved: Saved[], examples: Array<{ key: string; workflow: Workflow }>): string[];
	filePollLines(examples: Array<{ key: string; workflow: Workflow }>): string[];
	demoLogLines(logFile: string): string[];
};
const { openLog } = require('../../scripts/n8n/instance/start.js') as {
	openLog(logFile: string, version: string): fs.WriteStream;
};
const { loadExamples } = require('../../scripts/lib/examples.js') as {
	loadExamples(): Array<{ key: string; workflow: Workflow }>;
};
type WorkflowNode = { type: string; parameters: Record<string, unknown> };
type Workflow = { name: string; nodes: WorkflowNode[] };
/** A workflow as n8n's REST API gives it (2.x: the published version it runs, activeVersion). */
type Saved = Workflow & {
	active?: boolean;
	activeVersionId?: string | null;
	activeVersion?: { nodes: WorkflowNode[] } | null;
};
const { lastUsefulLine, INSTALL_TIME } = require('../../scripts/n8n/install.js') as {
	lastUsefulLine(text: string): string;
	INSTALL_TIME: string;
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

test("install progress lines say what is going on, not the compiler's output", () => {
	const compiling = [
		'added 1 package',
		'  CXX(target) Release/obj.target/isolated_vm/src/isolate/holder.o',
		"../src/isolate/holder.cc:12:3: warning: unused variable 'x' [-Wunused-variable]",
		'   12 |   int x;',
		'      |       ^~~~~~~',
	].join('\n');
	expect(lastUsefulLine(compiling)).toBe(
		'compiling native modules (isolated-vm, sqlite3): the slow part',
	);
	expect(
		lastUsefulLine("g++ -o Release/obj.target/x.o ../src/x.cc '-DNODE_GYP_MODULE_NAME=x'"),
	).toMatch(/^compiling/);
	expect(
		lastUsefulLine('npm http fetch GET 200 https://registry.npmjs.org/x/-/x-1.0.0.tgz 120395ms'),
	).toBe('downloading packages');
	expect(
		lastUsefulLine('> isolated-vm@5.0.4 install\n> prebuild-install || node-gyp rebuild'),
	).toMatch(/^(compiling|running)/);
});

test('one install time everywhere: the installer, npm start and the README', () => {
	expect(INSTALL_TIME).toMatch(/^\d+–\d+ minutes$/);
	const install = fs.readFileSync(path.join(root, 'scripts', 'n8n', 'install.js'), 'utf8');
	expect(install).toContain('(cold: ${INSTALL_TIME}; log:');
	const demoJs = fs.readFileSync(path.join(root, 'scripts', 'n8n', 'demo.js'), 'utf8');
	expect(demoJs).toContain('the first time takes ${INSTALL_TIME}');
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
	// every place the README names n8n's install folder says how long the install takes
	const places = readme.split('`~/.cache/n8n-nodes-shopping-center`').slice(1);
	expect(places.length).toBeGreaterThanOrEqual(2);
	for (const after of places) expect(after.slice(0, 40)).toContain(INSTALL_TIME);
	for (const text of [install, demoJs, readme])
		expect(/~\d+ min|about \d+ minutes (once|the first time)/.exec(text)?.[0]).toBeUndefined();
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
		// the sandbox keeps the numbering of inserted records in the user folder (ids never repeat)
		expect(demo).toMatch(/idsFile: path\.join\(path\.resolve\(o\.userFolder\), SANDBOX_IDS_FILE\)/);
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

		// as the demo saves them: the active example patched, the others as their files
		const saved: Saved[] = examples.map((e) => {
			const wf = JSON.parse(JSON.stringify(e.workflow)) as Saved;
			const p = polls.demoPatch(e.key, e.workflow);
			if (p) wf.nodes.forEach(p);
			wf.active = e === active;
			return wf;
		});
		const lines = polls.demoPollLines(saved, examples).join('\n');
		expect(lines).toContain(`polls every minute here (its file: ${file})`);
		expect(lines).toMatch(/so that an anomaly you insert is posted within a minute/);
		expect(lines).toMatch(/day budget/);
		for (const other of examples.filter((e) => e !== active && polls.examplePoll(e.workflow)))
			expect(lines).toContain(`"${other.workflow.name}" ${polls.examplePoll(other.workflow)}`);
	});
});

describe("after a restart the banner says how the user's saved workflows poll, and where n8n's log is", () => {
	const examples = loadExamples();
	const active = examples.find((e) => e.key === polls.DEMO_ACTIVE_EXAMPLE)!;
	const triggerOf = (wf: Workflow) =>
		wf.nodes.find((n) => n.type.endsWith('.shoppingCenterEventsTrigger'))!;
	const everyFiveMinutes = { item: [{ mode: 'everyX', value: 5, unit: 'minutes' }] };

	test("an example the user changed: the banner prints its saved interval, not its file's", () => {
		const mine = JSON.parse(JSON.stringify(active.workflow)) as Saved;
		triggerOf(mine).parameters.pollTimes = everyFiveMinutes;
		mine.active = true;
		const lines = polls.demoPollLines([mine], examples).join('\n');
		const file = polls.examplePoll(active.workflow);
		expect(lines).toContain(
			`"${mine.name}" is active and polls every 5 minutes here (its file: ${file})`,
		);
		expect(lines).not.toMatch(/polls every minute/);
		expect(lines).not.toMatch(/within a minute/);
	});

	test('n8n 2.x: an active workflow polls as its published version says, not its draft', () => {
		const draft = JSON.parse(JSON.stringify(active.workflow)) as Saved;
		const published = JSON.parse(JSON.stringify(active.workflow)) as Workflow;
		triggerOf(published).parameters.pollTimes = everyFiveMinutes;
		Object.assign(draft, { active: false, activeVersionId: 'v2', activeVersion: published });
		expect(polls.demoPollLines([draft], examples).join('\n')).toContain(
			'is active and polls every 5 minutes here',
		);
	});

	test("without the saved workflows: the files' intervals, saying the saved copies may differ", () => {
		const lines = polls.filePollLines(examples).join('\n');
		expect(lines).toMatch(/your saved copies may poll otherwise/);
		expect(lines).toContain(`"${active.workflow.name}" ${polls.examplePoll(active.workflow)}`);
	});

	test("n8n's log: the banner names it; a second start appends to it, the first start's lines kept", async () => {
		const user = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-log-'));
		const file = path.join(user, 'n8n.log');
		try {
			expect(polls.demoLogLines(file).join('\n')).toContain(`n8n's log: ${file}`);
			for (const line of ['first start: a poll', 'second start: a poll']) {
				const log = openLog(file, '1.123.81');
				await new Promise<void>((done) => log.end(`${line}\n`, () => done()));
			}
			const text = fs.readFileSync(file, 'utf8');
			expect(text).toMatch(
				/^──── n8n 1\.123\.81 started \S+ ────\nfirst start: a poll\n──── n8n 1\.123\.81 started \S+ ────\nsecond start: a poll\n$/,
			);
		} finally {
			fs.rmSync(user, { recursive: true, force: true });
		}
		const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
		expect(readme).toMatch(
			/n8n's log\*\* is `~\/\.n8n-shopping-center-demo\/n8n\.log`.*a restart keeps the earlier lines/,
		);
	});
});
