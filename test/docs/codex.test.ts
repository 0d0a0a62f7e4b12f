/**
 * Node search in the editor: n8n's node panel matches a search against each node's display name and
 * its codex aliases. Loaded the way n8n loads the package (n8n-core's PackageDirectoryLoader over the
 * built dist/, which npm test builds first), each everyday word finds its node: "sales", "daily sales",
 * "turnover", "revenue" the Revenue node, and likewise for the others.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import path from 'node:path';
import { PackageDirectoryLoader } from 'n8n-core';

const root = path.resolve(__dirname, '..', '..');

const WORDS: Record<string, string[]> = {
	shoppingCenterRevenue: ['sales', 'daily sales', 'turnover', 'revenue', 'cash register'],
	shoppingCenterReceipts: ['receipts', 'fiscal documents', 'checks'],
	shoppingCenterAttendance: ['attendance', 'visitors', 'footfall'],
	shoppingCenterPortal: ['tickets', 'tenant requests', 'passes'],
	shoppingCenterAnomalies: ['anomalies', 'alerts'],
	shoppingCenterIntake: ['upload', 'declared turnover', 'calendar event'],
	shoppingCenterEventsTrigger: ['new anomaly', 'ticket changed', 'new pass'],
	shoppingCenter: ['mall', 'shops'],
};

let described: Array<{ name: string; words: string[] }>;

beforeAll(async () => {
	const loader = new PackageDirectoryLoader(root);
	await loader.loadAll();
	described = Object.entries(loader.nodeTypes).map(([name, { type }]) => {
		const d = (type as { description: { displayName: string; codex?: { alias?: string[] } } })
			.description;
		return { name, words: [d.displayName, ...(d.codex?.alias ?? [])].map((w) => w.toLowerCase()) };
	});
});

describe('node search finds each node by its everyday words (codex aliases)', () => {
	test('every node of the package carries aliases', () => {
		expect(described.map((d) => d.name).sort()).toEqual(Object.keys(WORDS).sort());
		for (const d of described) expect(d.words.length).toBeGreaterThan(3);
	});

	test.each(Object.entries(WORDS).flatMap(([node, words]) => words.map((w) => [w, node])))(
		'"%s" finds %s',
		(word, node) => {
			const found = described
				.filter((d) => d.words.some((w) => w.includes(word)))
				.map((d) => d.name);
			expect(found).toContain(node);
		},
	);
});
