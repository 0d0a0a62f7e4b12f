/**
 * docs/sandbox.md's list of the points where the package adapts to an open answer: every test file it
 * names exists (a bare file name is in the folder of the path named before it in the same cell), and
 * every row names at least one test and one sandbox switch the sandbox has.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
const section =
	doc.split('## Where the package adapts to an open answer')[1]?.split('\n## ')[0] ?? '';
const rows = section
	.split('\n')
	.filter((l) => l.startsWith('| ') && !l.startsWith('| Open point') && !l.startsWith('| ---'))
	.map((l) => l.split(/(?<!\\)\|/).map((c) => c.trim()));

const sandboxSources = ['sandbox/index.ts', 'sandbox/server/faults.ts', 'sandbox/server/control.ts']
	.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8'))
	.join('\n');

test('the list has its rows', () => {
	expect(rows.length).toBeGreaterThanOrEqual(15);
});

test.each(rows.map((r) => [r[1], r] as const))('%s: its tests exist', (_point, row) => {
	const tests = row[5];
	let dir = '';
	const named = [...tests.matchAll(/`([^`]+\.test\.ts)`/g)].map((m) => {
		const file = m[1].includes('/') ? m[1] : path.join(dir, m[1]);
		dir = path.dirname(file);
		return file;
	});
	expect(named.length).toBeGreaterThan(0);
	for (const file of named) expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
});

test.each(rows.map((r) => [r[1], r] as const))('%s: its switch is the sandbox’s', (_point, row) => {
	// a switch: a lower-camel name (optionally after faults. / sb. / store.) before `, : or (
	const switches = [...row[3].matchAll(/`(?:faults\.|sb\.|store\.)?([a-z][A-Za-z]+)[`:(]/g)].map(
		(m) => m[1],
	);
	expect(switches.length).toBeGreaterThan(0);
	for (const name of switches) expect(sandboxSources).toMatch(new RegExp(`\\b${name}\\b`));
});
