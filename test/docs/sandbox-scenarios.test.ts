/**
 * docs/sandbox.md's table of scenario keys: every center and every key of the sandbox's fixtures has its
 * row (constant and value), and every file a row names as an owner exists and uses that key (by its
 * constant or its value).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as fixtures from '../../sandbox/fixtures/centers';

const ROOT = path.resolve(__dirname, '../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
const section = doc.split('### Scenario keys')[1]?.split('\n#')[0] ?? '';
const rows = section
	.split('\n')
	.filter((l) => l.startsWith('| `'))
	.map((l) => l.split('|').map((c) => c.trim()));
const cell = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The fixtures' scenario keys: every exported center id and client id, by constant name. */
const scenarioKeys = Object.entries(fixtures).filter(
	([name, value]) => /(_CENTER|_CLIENT_ID)$/.test(name) && typeof value === 'string',
) as Array<[string, string]>;

test('the fixtures have their centers and keys', () => {
	expect(scenarioKeys.length).toBeGreaterThanOrEqual(14);
});

test.each(scenarioKeys)('%s (%s) has its row in the table', (name, value) => {
	const row = rows.find((r) => cell(r[1])[0] === name);
	expect(row && cell(row[2])[0]).toBe(value);
});

test.each(rows.map((r) => [cell(r[1])[0], r] as const))(
	'%s: the files that own it exist and use it',
	(name, row) => {
		const value = cell(row[2])[0];
		const owners = cell(row[4]);
		expect(owners.length).toBeGreaterThan(0);
		const uses = new RegExp(`\\b${name}\\b|['"\`]${value}['"\`]`);
		for (const owner of owners) {
			const file = path.join(ROOT, owner);
			expect([owner, fs.existsSync(file)]).toEqual([owner, true]);
			expect([owner, uses.test(fs.readFileSync(file, 'utf8'))]).toEqual([owner, true]);
		}
	},
);
