/**
 * scripts/check-pack.js on a small built package: what the n8n entries require (with declarations,
 * maps, the declarations those import, icons, codex files) passes; a tooling file that imports the
 * nodes but that no node requires, and a module of types no declaration names, are named.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const { unexpectedBuiltFiles } = require('../../scripts/check-pack.js') as {
	unexpectedBuiltFiles(packageDir: string): string[];
};

const TYPES_ONLY =
	'"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n';

/** A package folder holding these files (path → text) under its root. */
function packageWith(files: Record<string, string>): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-pack-'));
	const pkg = {
		main: 'dist/index.js',
		n8n: {
			nodes: ['dist/nodes/Mall/Mall.node.js'],
			credentials: ['dist/credentials/Key.credentials.js'],
		},
	};
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
	for (const [rel, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
		fs.writeFileSync(path.join(dir, rel), text);
	}
	return dir;
}

const LOADED = {
	'dist/index.js': 'exports.Mall = require("./nodes/Mall/Mall.node").Mall;',
	'dist/nodes/Mall/Mall.node.js':
		'const h = require("../shared/helper");\nexports.Mall = class {};',
	'dist/nodes/Mall/Mall.node.js.map': '{}',
	'dist/nodes/Mall/Mall.node.d.ts':
		"import { H } from '../shared/helper';\nexport declare class Mall {}",
	'dist/nodes/Mall/Mall.node.json': '{}',
	'dist/nodes/Mall/mall.svg': '<svg/>',
	'dist/nodes/shared/helper.js': 'exports.h = 1;',
	'dist/nodes/shared/helper.d.ts': "export type H = import('./types').T;",
	'dist/nodes/shared/types.js': TYPES_ONLY,
	'dist/nodes/shared/types.d.ts': 'export type T = number;',
	'dist/credentials/Key.credentials.js': 'exports.Key = class {};',
};

test('the files n8n loads and what goes with them pass', () => {
	const dir = packageWith(LOADED);
	try {
		expect(unexpectedBuiltFiles(dir)).toEqual([]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

test('tooling no node requires, and types nothing names, are named', () => {
	const dir = packageWith({
		...LOADED,
		'dist/nodes/shared/tool/tables.js': 'const { Mall } = require("../../Mall/Mall.node");',
		'dist/nodes/shared/tool/tables.d.ts': 'export {};',
		'dist/nodes/shared/orphan.js': TYPES_ONLY,
		'dist/nodes/shared/orphan.d.ts': 'export type O = string;',
	});
	try {
		expect(unexpectedBuiltFiles(dir)).toEqual([
			'dist/nodes/shared/orphan.d.ts',
			'dist/nodes/shared/orphan.js',
			'dist/nodes/shared/tool/tables.d.ts',
			'dist/nodes/shared/tool/tables.js',
		]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
