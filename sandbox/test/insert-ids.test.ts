/**
 * Ids of inserted records never repeat across starts of a sandbox kept with an ids file (issue 34: after
 * a restart of `npm start`, the banner's late-receipt curl gave `…-L00001` again, an id the trigger had
 * already emitted). The sandbox is started as `npm start` starts it (the CLI as a child process, with
 * --ids-file in the demo's folder), records of every kind are inserted, it is stopped and started again
 * with the same file, and the same inserts give new ids. Without a file the numbering starts at 1 at
 * every start, as before; a file that is not the sandbox's refuses the start.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { INSERT_EXAMPLES } from '../server/banner';
import { PRO_CENTER } from '../fixtures/centers';
import { start } from './support/helpers';

/* eslint-disable @typescript-eslint/no-require-imports */
type Control = { insert(body: object): Promise<{ ids: string[] }> };
const { startSandboxProcess } = require('../../scripts/lib/processes.js') as {
	startSandboxProcess(o: {
		idsFile?: string;
		now?: string;
	}): Promise<{ control: Control; stop(): Promise<unknown> }>;
};
const { SANDBOX_IDS_FILE } = require('../../scripts/n8n/demo-folder.js') as {
	SANDBOX_IDS_FILE: string;
};

/** One record of every kind the control API inserts (the banner's two curls first). */
async function insertEveryKind(control: Control): Promise<string[]> {
	const ids: string[] = [];
	for (const body of [
		INSERT_EXAMPLES.receipt,
		INSERT_EXAMPLES.anomaly,
		{ kind: 'ticket', sc_id: PRO_CENTER, count: 1 },
		{ kind: 'pass', sc_id: PRO_CENTER, count: 2 },
	])
		ids.push(...(await control.insert(body)).ids);
	return ids;
}

let folder: string;
beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-ids-'))));
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

test('a restart with the same ids file (as npm start keeps it) gives new ids to the same inserts', async () => {
	const idsFile = path.join(folder, SANDBOX_IDS_FILE);
	const runs: string[][] = [];
	for (let run = 0; run < 2; run++) {
		// the same moment at both starts: the ids cannot differ by the clock alone
		const sb = await startSandboxProcess({ idsFile, now: '2026-11-20T09:00:00Z' });
		try {
			runs.push(await insertEveryKind(sb.control));
		} finally {
			await sb.stop();
		}
	}
	expect(runs[0]).toHaveLength(5);
	expect(runs[1]).toHaveLength(5);
	expect(runs[0][0]).toMatch(/^1002-01-\d{8}-L00001$/);
	expect(runs[1][0]).toMatch(/^1002-01-\d{8}-L00006$/);
	expect(runs[1].filter((id) => runs[0].includes(id))).toEqual([]);
	expect(JSON.parse(fs.readFileSync(idsFile, 'utf8'))).toEqual({ lastInserted: 10 });
});

test('without an ids file every start numbers from 1 again', async () => {
	const receipts: string[] = [];
	for (let run = 0; run < 2; run++) {
		const sb = await start();
		try {
			receipts.push(sb.store.insert('receipt', PRO_CENTER, 1, sb.clock.now(), {})[0]);
		} finally {
			await sb.close();
		}
	}
	expect(receipts[0]).toMatch(/-L00001$/);
	expect(receipts[1]).toBe(receipts[0]);
});

test('an ids file that is not the sandbox’s refuses the start', async () => {
	const idsFile = path.join(folder, 'other.json');
	fs.writeFileSync(idsFile, '{"last": "x"}');
	await expect(start({ idsFile })).rejects.toThrow(
		/does not hold the sandbox's last inserted number/,
	);
});
