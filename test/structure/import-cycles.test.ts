/**
 * No import circle in the product (nodes/, credentials/) or in the sandbox (sandbox/, its tests left
 * out): every relative import counts, `import type` and `import('…')` types too, since a circle of
 * types is still two files that cannot be read one without the other. Read as text (Tarjan's strongly
 * connected components over the import graph). And no arrow back up from nodes/shared/ into a node
 * folder: the shared code serves the nodes, it does not know them.
 * The sandbox is also built in rooms, one floor over the other: a room imports only its own floor and the
 * floors below it (SANDBOX_FLOORS), never an arrow back up.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules' && entry.name !== 'test') out.push(...sources(full));
		} else if (entry.name.endsWith('.ts')) out.push(full);
	}
	return out;
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;

/** The files a file imports (relative imports resolved to .ts files or folders' index.ts). */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const out = new Set<string>();
	for (const m of text.matchAll(IMPORT)) {
		const target = path.resolve(path.dirname(file), m[1]);
		const found = [`${target}.ts`, path.join(target, 'index.ts')].find((c) => fs.existsSync(c));
		if (found) out.add(found);
	}
	return [...out];
}

/** The import circles among the files: each a list of files (relative to the repository). */
function circles(files: string[]): string[][] {
	const graph = new Map(files.map((f) => [f, importsOf(f)]));
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	let next = 0;
	const visit = (v: string) => {
		index.set(v, next);
		low.set(v, next);
		next++;
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
		}
		if (low.get(v) !== index.get(v)) return;
		const component: string[] = [];
		let w: string;
		do {
			w = stack.pop()!;
			onStack.delete(w);
			component.push(path.relative(ROOT, w));
		} while (w !== v);
		if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
	};
	for (const f of files) if (!index.has(f)) visit(f);
	return found;
}

test.each(['nodes', 'credentials', 'sandbox'])('no import circle in %s/', (dir) => {
	expect(circles(sources(path.join(ROOT, dir)))).toEqual([]);
});

test('the reader sees a circle: two files importing each other, one through an import() type', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circle-'));
	try {
		fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
		fs.writeFileSync(path.join(dir, 'b.ts'), "export let b: import('./a').A;\n");
		expect(circles(sources(dir))).toHaveLength(1);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

/** "importer → imported" for each import by a file under nodesDir/shared/ of a file in a node folder. */
function sharedIntoNodeFolders(nodesDir: string): string[] {
	const inNodeFolder = (file: string) => {
		const [folder, ...rest] = path.relative(nodesDir, file).split(path.sep);
		return rest.length > 0 && folder !== 'shared' && folder !== '..';
	};
	return sources(path.join(nodesDir, 'shared')).flatMap((file) =>
		importsOf(file)
			.filter(inNodeFolder)
			.map((target) => `${path.relative(nodesDir, file)} → ${path.relative(nodesDir, target)}`),
	);
}

test('nothing under nodes/shared/ imports from a node folder (the shared code serves the nodes)', () => {
	expect(sharedIntoNodeFolders(path.join(ROOT, 'nodes'))).toEqual([]);
});

test('the reader sees an import from nodes/shared/ into a node folder', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-up-'));
	try {
		fs.mkdirSync(path.join(dir, 'shared', 'tool'), { recursive: true });
		fs.mkdirSync(path.join(dir, 'Mall'));
		fs.writeFileSync(path.join(dir, 'Mall', 'Mall.node.ts'), 'export class Mall {}\n');
		fs.writeFileSync(path.join(dir, 'shared', 'util.ts'), 'export const util = 1;\n');
		fs.writeFileSync(
			path.join(dir, 'shared', 'tool', 'tables.ts'),
			"import { Mall } from '../../Mall/Mall.node';\nimport { util } from '../util';\n",
		);
		expect(sharedIntoNodeFolders(dir)).toEqual([
			`${path.join('shared', 'tool', 'tables.ts')} → ${path.join('Mall', 'Mall.node.ts')}`,
		]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

/**
 * The sandbox's rooms from the top floor down: the entry files at its root (index.ts, cli.ts), the HTTP
 * pipeline, the route handlers, the generators and stores, the fixed catalogues, and the core (types,
 * the spec's rules, randomness). A file not in one of these rooms is a room nobody placed: it fails too.
 */
const SANDBOX_FLOORS = ['.', 'server', 'handlers', 'data', 'fixtures', 'core'];

/** The floor of a file under a sandbox folder (0 = the top), or -1 for a room not in the list. */
function floorOf(sandboxDir: string, file: string): number {
	const parts = path.relative(sandboxDir, file).split(path.sep);
	return SANDBOX_FLOORS.indexOf(parts.length === 1 ? '.' : parts[0]);
}

/** The imports that run back up (or leave the rooms), each as 'from -> to' (relative to the sandbox). */
function arrowsBackUp(sandboxDir: string): string[] {
	const out: string[] = [];
	for (const file of sources(sandboxDir)) {
		const from = floorOf(sandboxDir, file);
		for (const target of importsOf(file)) {
			const to = floorOf(sandboxDir, target);
			if (from < 0 || to < 0 || to < from)
				out.push(`${path.relative(sandboxDir, file)} -> ${path.relative(sandboxDir, target)}`);
		}
	}
	return out;
}

test('no arrow back up between the sandbox rooms (root > server > handlers > data > fixtures > core)', () => {
	expect(arrowsBackUp(path.join(ROOT, 'sandbox'))).toEqual([]);
});

test('the reader sees an arrow back up: a store importing a handler, a room nobody placed', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rooms-'));
	try {
		for (const room of ['data', 'handlers', 'misc']) fs.mkdirSync(path.join(dir, room));
		fs.writeFileSync(
			path.join(dir, 'handlers', 'h.ts'),
			"import { s } from '../data/s';\nexport const h = s;\n",
		);
		fs.writeFileSync(path.join(dir, 'data', 's.ts'), "export let s: import('../handlers/h').H;\n");
		fs.writeFileSync(path.join(dir, 'misc', 'm.ts'), 'export const m = 1;\n');
		fs.writeFileSync(
			path.join(dir, 'index.ts'),
			"export * from './misc/m';\nexport * from './handlers/h';\n",
		);
		expect(arrowsBackUp(dir).sort()).toEqual([
			'data/s.ts -> handlers/h.ts',
			'index.ts -> misc/m.ts',
		]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
