/**
 * The README's first screen and its promises, checked against the repository: it opens with what the
 * package is, Install and "Try it in two minutes" (with the address and login `npm start` really
 * prints), then the nodes; the count of examples is the count of files in examples/; the revenue
 * example is described as the workflow file builds it; the benchmark tables live in bench/README.md;
 * every relative link and anchor of both files leads somewhere.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import * as pkg from '../../index';

const root = path.resolve(__dirname, '..', '..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const readme = read('README.md');
const benchReadme = read('bench/README.md');

/** The text of one `## ` section (heading included), or '' when there is none. */
function section(md: string, heading: string): string {
	const lines = md.split('\n');
	const start = lines.findIndex((l) => l.startsWith(`## ${heading}`));
	if (start < 0) return '';
	let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
	if (end < 0) end = lines.length;
	return lines.slice(start, end).join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}
const anchorsOf = (md: string) =>
	new Set(
		md
			.split('\n')
			.filter((l) => /^#{1,6} /.test(l))
			.map((l) => slug(l.replace(/^#+ /, ''))),
	);

const NUMBER_WORDS = [
	'zero',
	'one',
	'two',
	'three',
	'four',
	'five',
	'six',
	'seven',
	'eight',
	'nine',
	'ten',
];
const exampleFiles = fs.readdirSync(path.join(root, 'examples')).filter((f) => f.endsWith('.json'));

describe('README: the first screen', () => {
	it('opens with what it is, then Installation, Try it in two minutes, then the nodes', () => {
		const headings = readme.split('\n').filter((l) => l.startsWith('## '));
		expect(headings.slice(0, 3)).toEqual([
			'## Installation',
			'## Try it in two minutes',
			'## Nodes and operations',
		]);
		const intro = readme.slice(0, readme.indexOf('## Installation'));
		expect(intro).toMatch(/n8n community nodes for the \*\*Shopping-center integration API v2\*\*/);
		// "Try it" starts on the first screen (about 40 lines of a GitHub page)
		expect(readme.split('\n').findIndex((l) => l === '## Try it in two minutes')).toBeLessThan(40);
	});

	it("the opening paragraph names every event of the trigger (its Event field's options)", () => {
		const opening = readme.slice(0, readme.indexOf('\n\n', readme.indexOf('n8n community nodes')));
		const event = new pkg.ShoppingCenterEventsTrigger().description.properties.find(
			(p) => p.name === 'event',
		);
		const names = (event?.options ?? []).map((o) => (o as { name: string }).name);
		expect(names.length).toBeGreaterThanOrEqual(5);
		for (const name of names)
			expect({ name, named: opening.includes(name) }).toEqual({
				name,
				named: true,
			});
	});

	it('"Try it" gives the command, the address and the login npm start really uses', () => {
		const tryIt = section(readme, 'Try it in two minutes');
		expect(tryIt).toContain('npm start');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { OWNER } = require('../../scripts/n8n/instance/env.js') as {
			OWNER: { email: string; password: string };
		};
		const demo = read('scripts/n8n/demo.js');
		const port = /\n\t\tport: (\d+),/.exec(demo)?.[1];
		expect(port).toBeDefined();
		expect(tryIt).toContain(`http://localhost:${port}`);
		expect(tryIt).toContain(OWNER.email);
		expect(tryIt).toContain(OWNER.password);
		// what to open: every workflow it names is one npm start imports
		const names = exampleFiles.map((f) => JSON.parse(read(`examples/${f}`)).name as string);
		const opened = [...tryIt.matchAll(/Open \*\*([^*]+)\*\*|\*\*([^*]+)\*\* is active/g)].map(
			(m) => m[1] ?? m[2],
		);
		expect(opened.length).toBeGreaterThan(0);
		for (const o of opened) expect(names.map((n) => n.toLowerCase())).toContain(o.toLowerCase());
	});
});

describe('README: the examples', () => {
	it('says as many examples as examples/ holds, and names each file', () => {
		const said = [...readme.matchAll(/\b(\w+) (?:example workflows|examples)\b/gi)]
			.map((m) => m[1].toLowerCase())
			.filter((w) => NUMBER_WORDS.includes(w) || /^\d+$/.test(w));
		expect(said.length).toBeGreaterThan(0);
		for (const w of said)
			expect(NUMBER_WORDS.includes(w) ? NUMBER_WORDS.indexOf(w) : Number(w)).toBe(
				exampleFiles.length,
			);
		const listed = section(readme, 'Example workflows');
		for (const f of exampleFiles) expect(listed).toContain(`\`${f}\``);
	});

	it('describes the revenue example as the workflow file builds it', () => {
		const wf = JSON.parse(read('examples/revenue-export.json')) as {
			nodes: Array<{ type: string; parameters: Record<string, unknown> }>;
		};
		const bullet = /- \*\*Revenue export\*\*[\s\S]*?(?=\n- |\n\n)/.exec(
			section(readme, 'Example workflows'),
		)?.[0];
		expect(bullet).toBeDefined();
		const classes = Object.values(pkg) as Array<
			new () => { description: { name: string; properties: unknown[] } }
		>;
		const optionName = (props: unknown[], name: string, value: unknown, resource?: unknown) => {
			for (const p of props as Array<{
				name: string;
				options?: Array<{ value: unknown; name: string }>;
				displayOptions?: { show?: { resource?: unknown[] } };
			}>) {
				if (p.name !== name || !p.options) continue;
				const shown = p.displayOptions?.show?.resource;
				if (resource !== undefined && shown && !shown.includes(resource)) continue;
				const o = p.options.find((x) => x.value === value);
				if (o) return o.name;
			}
			return undefined;
		};
		const base: Record<string, string> = {
			'n8n-nodes-base.set': 'Edit Fields',
			'n8n-nodes-base.convertToFile': 'Convert to File',
		};
		let checked = 0;
		for (const node of wf.nodes) {
			if (base[node.type]) {
				expect(bullet).toContain(base[node.type]);
				checked++;
			}
			if (!node.type.startsWith('n8n-nodes-shopping-center.')) continue;
			const name = node.type.split('.')[1];
			const Cls = classes.find(
				(C) => typeof C === 'function' && new C().description?.name === name,
			);
			expect(Cls).toBeDefined();
			const props = new Cls!().description.properties;
			const p = node.parameters;
			const resource = optionName(props, 'resource', p.resource);
			const operation = optionName(props, 'operation', p.operation, p.resource);
			expect(bullet).toContain(`${resource} → ${operation}`);
			checked++;
			const center = (p.center as { value?: string } | undefined)?.value;
			if (center) expect(bullet).toContain(center);
			if (p.includeArchived === false) expect(bullet).toMatch(/archived ones\s+left out/);
			if (p.includeArchived === true) expect(bullet).toMatch(/archived (ones )?included/);
			if (p.output === 'file') expect(bullet).toContain('One File');
			if (p.addRubles === true) expect(bullet).toContain('Add Ruble Amounts');
		}
		expect(checked).toBeGreaterThanOrEqual(3);
	});
});

describe('README: the benchmark lives in bench/README.md', () => {
	it('keeps a short summary and the link; the tables are in bench/README.md', () => {
		const tableHeaders = (md: string) =>
			md.split('\n').filter((l) => /^\| (Scenario|Rendering)\b/.test(l));
		expect(tableHeaders(readme)).toEqual([]);
		expect(tableHeaders(benchReadme).length).toBeGreaterThanOrEqual(2);
		const summary = section(readme, 'Benchmark');
		expect(summary).toContain('](bench/README.md#results)');
		expect(summary).toMatch(/Not met/);
		expect(summary.split('\n').length).toBeLessThan(30);
		expect(anchorsOf(benchReadme).has('results')).toBe(true);
	});

	it.each([['README.md'], ['bench/README.md']])(
		'every relative link and anchor of %s leads somewhere',
		(file) => {
			const md = read(file);
			const dir = path.dirname(path.join(root, file));
			const links = [...md.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
			expect(links.length).toBeGreaterThan(0);
			for (const link of links) {
				if (/^[a-z]+:/i.test(link)) continue;
				const [target, anchor] = link.split('#');
				const targetPath = target ? path.resolve(dir, target) : path.join(root, file);
				expect({ link, exists: fs.existsSync(targetPath) }).toEqual({ link, exists: true });
				if (anchor && targetPath.endsWith('.md')) {
					const anchors = anchorsOf(fs.readFileSync(targetPath, 'utf8'));
					expect({ link, anchor: anchors.has(anchor) }).toEqual({ link, anchor: true });
				}
			}
		},
	);
});

describe('README: the trigger', () => {
	it('Ticket Changed says what happens to a ticket already decided when first seen (test/nodes/trigger/events.test.ts)', () => {
		const bullet = /- \*\*Ticket Changed\*\*[^\n]*/.exec(readme)?.[0] ?? '';
		expect(bullet).toMatch(/already decided when first seen/);
		expect(bullet).toContain('`previous_status: null`');
		expect(bullet).toContain('`new_request`');
	});
});
