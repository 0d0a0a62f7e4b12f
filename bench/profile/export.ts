/**
 * One export run in-process through n8n-core (test/harness) against a sandbox in a child process, for
 * `node --cpu-prof`: the profile then holds the node and n8n-core's execution only (the sandbox's CPU is
 * in its own process). Prints the wall time, the process's CPU (user + system) over the export and the
 * records. Usage (see bench/README.md, "Profiling"):
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof -r ts-node/register/transpile-only bench/profile/export.ts \
 *     [--output items|csv|jsonl] [--shops one|all] [--start 2026-08-23] [--end 2026-11-20] [--repeat 1]
 *     [--ballast MB]
 *   node bench/profile/top.js /tmp/prof/<file>.cpuprofile
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject } from 'n8n-workflow';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { runNode } from '../../test/harness';
// by its .ts name: node's resolver would otherwise pick the codex file ShoppingCenterReceipts.node.json
const { ShoppingCenterReceipts } =
	require('../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node.ts') as typeof import('../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node');
const { startSandboxProcess } = require('../../scripts/lib/processes') as {
	startSandboxProcess(o: object): Promise<{
		baseUrl: string;
		clientId: string;
		clientSecret: string;
		stop(): Promise<void>;
	}>;
};

const NOW = '2026-11-20T09:00:00Z';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1] : fallback;
}

const OUTPUT: Record<string, IDataObject> = {
	items: {},
	csv: { output: 'file', fileOptions: { fileName: 'p.csv' } },
	jsonl: { output: 'file', fileFormat: 'jsonl', fileOptions: { fileName: 'p.jsonl' } },
};

/**
 * --ballast MB: that much long-lived heap (small linked objects) held through the run, as n8n's own
 * live heap (~100-150 MB) is: every full garbage collection then marks as much as in n8n.
 */
function ballast(mb: number): unknown[] {
	const held: unknown[] = [];
	// ~100 bytes per object (an object with a string and a link)
	for (let i = 0; i < mb * 10_000; i++) held.push({ i, s: `ballast-${i}`, next: held[i - 1] });
	return held;
}

async function main() {
	const held = ballast(Number(arg('ballast', '0')));
	const output = arg('output', 'csv');
	const shops = arg('shops', 'one');
	const repeat = Number(arg('repeat', '1'));
	const sb = await startSandboxProcess({ seed: 42, now: NOW, rateLimits: false });
	try {
		const parameters = {
			resource: 'receipt',
			operation: 'export',
			center: { __rl: true, mode: 'id', value: '1002' },
			shopScope: shops,
			shop: { __rl: true, mode: 'id', value: '1002-01' },
			periodBy: 'created',
			createdStartDate: arg('start', '2026-08-23'),
			createdEndDate: arg('end', '2026-11-20'),
			returnAll: true,
			...OUTPUT[output],
		};
		const base = {
			nodeType: new ShoppingCenterReceipts(),
			credentials: {
				shoppingCenterApi: {
					baseUrl: sb.baseUrl,
					clientId: sb.clientId,
					clientSecret: sb.clientSecret,
				},
			},
			credentialTypes: [new ShoppingCenterApi()],
			now: NOW,
		};
		// warm-up: token, plan, modules
		await runNode({
			...base,
			parameters: { ...parameters, createdStartDate: parameters.createdEndDate },
		});
		for (let i = 0; i < repeat; i++) {
			const cpu0 = process.cpuUsage();
			const t0 = performance.now();
			const r = await runNode({ ...base, parameters });
			const wallMs = performance.now() - t0;
			const cpu = process.cpuUsage(cpu0);
			if (r.error) throw new Error(r.error.message);
			const items = r.items[0];
			const records = output === 'items' ? items.length : Number(items[0].json.records);
			const cpuMs = (cpu.user + cpu.system) / 1000;
			process.stdout.write(
				`${JSON.stringify({ output, shops, records, wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs), cpuMsPer1000: +((cpuMs / records) * 1000).toFixed(2), rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) })}\n`,
			);
		}
	} finally {
		await sb.stop();
	}
	return held.length;
}

main().catch((error) => {
	process.stderr.write(`${String(error?.stack ?? error)}\n`);
	process.exit(1);
});
