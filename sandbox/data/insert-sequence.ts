/**
 * The numbers of the records the sandbox inserts (late receipts `…-L00001`, anomalies, tickets, passes):
 * from 1 in a sandbox without a file; with a file (option `idsFile`, `--ids-file`: `npm start` keeps one
 * in its user folder), on from the last number any earlier start with the same file gave out, so a
 * restart never hands out an id again (a real API never reuses one).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The last number given out, as the file keeps it (0 when there is no file yet). */
function readLast(file: string): number {
	if (!fs.existsSync(file)) return 0;
	const last = (JSON.parse(fs.readFileSync(file, 'utf8')) as { lastInserted?: unknown })
		.lastInserted;
	if (!Number.isInteger(last) || (last as number) < 0)
		throw new Error(
			`${file} does not hold the sandbox's last inserted number ({"lastInserted": N})`,
		);
	return last as number;
}

export class InsertSequence {
	private last: number;

	constructor(private readonly file?: string) {
		this.last = file ? readLast(file) : 0;
	}

	/** The next number (1, 2, … in a fresh sequence). */
	next(): number {
		return ++this.last;
	}

	/** Writes the last number to the file (if any), for the next start. */
	save(): void {
		if (!this.file) return;
		fs.mkdirSync(path.dirname(this.file), { recursive: true });
		fs.writeFileSync(this.file, `${JSON.stringify({ lastInserted: this.last })}\n`);
	}
}
