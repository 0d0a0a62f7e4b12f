/**
 * docs/routes.md documents the route table: its table is generated from nodes/shared/transport/routes.ts
 * (`UPDATE_DOCS=1 npx jest test/docs/routes-doc.test.ts` rewrites it) with the sandbox's name of each
 * route beside the package's key (the one place that says which is which), and the sandbox serves the same
 * method + path for every route (sandbox/ never imports nodes/, so this test holds the two together).
 * The repository stands alone: nothing cites a route file or spec outside it.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROUTES } from '../../nodes/shared/transport/routes';
import { ROUTES as SANDBOX_ROUTES } from '../../sandbox/server/routes';

const ROOT = path.resolve(__dirname, '../..');
const DOC = path.join(ROOT, 'docs/routes.md');
const BEGIN = '<!-- generated from nodes/shared/transport/routes.ts: begin -->';
const END = '<!-- generated from nodes/shared/transport/routes.ts: end -->';

/** The table as routes.ts says it, with the sandbox's name of the same method and path. */
function table(): string {
	const rows = Object.entries(ROUTES).map(([key, r]) => {
		const spec = r.spec === 'shown' ? 'shown' : '**not shown**: this path is the package’s answer';
		const served = SANDBOX_ROUTES.find((s) => s.method === r.method && s.path === r.path);
		return `| ${r.call} | ${r.method} | \`${r.path}\` | ${spec} | \`${key}\` | \`${served?.name}\` |`;
	});
	return [
		'| Call (as the spec names it) | Method | Path | Method and path in the spec | Key in `routes.ts` | Name in the sandbox |',
		'| --- | --- | --- | --- | --- | --- |',
		...rows,
	].join('\n');
}

test('the table of docs/routes.md is the one routes.ts generates', () => {
	const doc = fs.readFileSync(DOC, 'utf8');
	const [head, rest] = doc.split(BEGIN);
	expect(rest).toBeDefined();
	const tail = rest.split(END)[1];
	const generated = `${head}${BEGIN}\n${table()}\n${END}${tail}`;
	if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(DOC, generated);
	expect(doc).toBe(generated);
});

test('the sandbox serves every route of the table, and no other', () => {
	const product = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
	const sandbox = SANDBOX_ROUTES.map((r) => `${r.method} ${r.path}`);
	expect([...sandbox].sort()).toEqual([...product].sort());
});

/** The repository's own text files (relative paths), without installed, built or generated trees. */
function textFiles(dir: string, rel = ''): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
		const file = path.join(rel, entry.name);
		if (entry.isDirectory()) {
			if (!['node_modules', '.git', 'dist'].includes(entry.name)) out.push(...textFiles(dir, file));
		} else if (
			/\.(ts|js|mjs|json|md|ya?ml)$/.test(entry.name) &&
			entry.name !== 'package-lock.json'
		)
			out.push(file.split(path.sep).join('/'));
	}
	return out;
}

test('nothing in the repository cites a file outside it (../shared, a routes.md or api-spec.md elsewhere)', () => {
	const files = textFiles(ROOT).filter((f) => !f.startsWith('bench/results/'));
	const outside = /(\.\.\/)+shared\/[\w-]+\.md|shared\/routes\.md|\bapi-spec\b/;
	const citing = files.filter((f) => {
		if (f === 'test/docs/routes-doc.test.ts') return false;
		return outside.test(fs.readFileSync(path.join(ROOT, f), 'utf8'));
	});
	expect(citing).toEqual([]);
});
