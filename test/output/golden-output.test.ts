/**
 * Byte-for-byte guard of every output path (file CSV with its options, JSON Lines, item output) on the
 * sandbox's fixed seed and moment: each output's sha256 must equal the one recorded in
 * golden/output-hashes.json, which was produced by the code BEFORE the hot-path rewrite of the encoder,
 * the file writer and the shop tagging. A changed byte (a key order, a quote, a decimal) fails here.
 * `GOLDEN_WRITE=1 npx jest test/output/golden-output.test.ts` rewrites the file (only for a wanted change);
 * a mismatch leaves the output beside the system's temp folder for a diff.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { createHash } from 'crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterAnomalies } from '../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import { locator, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, type Sandbox } from '../../sandbox';
import { fileText } from '../helpers/csv-read';
import { anomaliesBetween, dailySalesBetween, ticketsByCreated } from '../helpers/read-params';

const GOLDEN = join(__dirname, 'golden', 'output-hashes.json');
const write = process.env.GOLDEN_WRITE === '1';
const recorded: Record<string, { sha256: string; bytes: number }> = write
	? {}
	: (JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, { sha256: string; bytes: number }>);

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
	if (write) writeFileSync(GOLDEN, JSON.stringify(recorded, null, '\t') + '\n');
});

const FILE_NAME = { fileName: 'golden.out' };
const OUTPUTS: Record<string, IDataObject> = {
	items: {},
	csv: { output: 'file', fileOptions: FILE_NAME },
	csvSemicolonBomRubles: {
		output: 'file',
		// the node's one "Add Ruble Amounts" switch (nodes without money fields have none)
		addRubles: true,
		fileOptions: { ...FILE_NAME, delimiter: ';', bom: true },
	},
	jsonl: { output: 'file', fileFormat: 'jsonl', fileOptions: FILE_NAME },
};

interface Case {
	node: () => INodeType;
	parameters: IDataObject;
	outputs: string[];
}

const receipts = (more: IDataObject): IDataObject => ({
	resource: 'receipt',
	operation: 'export',
	center: locator(PRO_CENTER),
	shop: locator('1002-02'),
	periodBy: 'created',
	createdStartDate: '2026-09-20',
	createdEndDate: '2026-10-25',
	returnAll: true,
	...more,
});

const ALL = Object.keys(OUTPUTS);
const CASES: Record<string, Case> = {
	receiptsOneShop: {
		node: () => new ShoppingCenterReceipts(),
		parameters: receipts({}),
		outputs: ALL,
	},
	receiptsOneShopLimit: {
		node: () => new ShoppingCenterReceipts(),
		parameters: receipts({ returnAll: false, limit: 500 }),
		outputs: ['items', 'csv', 'jsonl'],
	},
	receiptsAllShops: {
		node: () => new ShoppingCenterReceipts(),
		parameters: receipts({
			shopScope: 'all',
			createdStartDate: '2026-11-10',
			createdEndDate: '2026-11-12',
		}),
		outputs: ALL,
	},
	dailySalesAllShops: {
		node: () => new ShoppingCenterRevenue(),
		parameters: dailySalesBetween(locator(PRO_CENTER), '2026-10-01', '2026-10-31', {
			shopScope: 'all',
			returnAll: true,
		}),
		outputs: ALL,
	},
	dailySalesOneShopRubles: {
		node: () => new ShoppingCenterRevenue(),
		parameters: dailySalesBetween(locator(PRO_CENTER), '2026-09-01', '2026-10-31', {
			shop: locator('1002-01'),
			returnAll: true,
			addRubles: true,
		}),
		outputs: ['items', 'jsonl'],
	},
	anomalies: {
		node: () => new ShoppingCenterAnomalies(),
		parameters: anomaliesBetween(locator(PRO_CENTER), '2026-08-01', '2026-11-20', {
			returnAll: true,
		}),
		outputs: ['items', 'csv', 'jsonl'],
	},
	tickets: {
		node: () => new ShoppingCenterPortal(),
		parameters: ticketsByCreated(locator(PRO_CENTER), '2026-01-01', '2026-11-20', {
			returnAll: true,
		}),
		outputs: ['items', 'csv', 'jsonl'],
	},
};

function digest(text: string) {
	return {
		sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
		bytes: Buffer.byteLength(text),
	};
}

describe('output stays byte-for-byte what it was (fixed sandbox seed)', () => {
	const pairs = Object.entries(CASES).flatMap(([name, c]) =>
		c.outputs.map((output) => [`${name}/${output}`, c, output] as const),
	);
	test.each(pairs)(
		'%s',
		async (key, c, output) => {
			const r = await run(sb, c.node(), { ...c.parameters, ...OUTPUTS[output] } as INodeParameters);
			if (r.error) throw new Error(r.error.message);
			const items = r.items[0];
			let text: string;
			if (output === 'items') {
				text = items.map((i) => JSON.stringify(i.json)).join('\n');
				expect(items.length).toBeGreaterThan(5);
			} else {
				expect(items).toHaveLength(1);
				// the summary item and the file's bytes
				text = `${JSON.stringify(items[0].json)}\n${fileText(items[0])}`;
			}
			const got = digest(text);
			if (write) {
				recorded[key] = got;
				return;
			}
			if (got.sha256 !== recorded[key]?.sha256) {
				const dir = join(tmpdir(), 'golden-output');
				mkdirSync(dir, { recursive: true });
				writeFileSync(join(dir, key.replace('/', '.')), text);
			}
			expect(got).toEqual(recorded[key]);
		},
		120_000,
	);
});
