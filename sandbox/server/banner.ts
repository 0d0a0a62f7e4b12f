/**
 * What the sandbox's banner says about making records appear (`npm run sandbox` prints it, and
 * `npm start` prints the same lines in its own banner, read from the sandbox's output): a curl to the
 * control API for a new anomaly and for a late receipt, what the sandbox issues by itself, and what a
 * restart keeps.
 */
import type { ClockMode } from './clock';

/** The bodies of the banner's curl lines (POST /insert of the control API). */
export const INSERT_EXAMPLES = {
	anomaly: { kind: 'anomaly', sc_id: '1002', count: 1 },
	receipt: { kind: 'receipt', sc_id: '1002', shop_id: '1002-01', count: 1 },
} as const;

/** The first line of the block (scripts/lib/processes.js finds the block by it). */
export const BANNER_HEADING = 'Make records appear (the control API):';

/** `idsKept`: the sandbox was started with an ids file (--ids-file), so inserted ids never repeat. */
export function bannerLines(controlUrl: string, clock: ClockMode, idsKept = false): string[] {
	const curl = (body: object) =>
		`curl -s -X POST ${controlUrl}/insert -H 'content-type: application/json' -d '${JSON.stringify(body)}'`;
	return [
		BANNER_HEADING,
		`  a new anomaly:   ${curl(INSERT_EXAMPLES.anomaly)}`,
		`  a late receipt:  ${curl(INSERT_EXAMPLES.receipt)}`,
		clock === 'running'
			? '  The sandbox also issues receipts by itself: the clock runs, and each shop receives its seeded receipts of the day as their moments pass.'
			: '  The clock is frozen: no receipt arrives by itself; move the clock (POST /clock) or insert one.',
		'  A restart regenerates the same seeded records (same ids); records inserted by hand are not kept (a table you wrote them into keeps them).',
		idsKept
			? '  Inserted records never get an id given out before, across restarts (the numbering goes on in the ids file).'
			: '  Inserted records are numbered from 1 at every start (--ids-file PATH keeps the numbering going across restarts).',
	];
}
