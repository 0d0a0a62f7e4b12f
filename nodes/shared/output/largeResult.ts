/**
 * A large result in item mode, said once in an execution hint above the output with the better way
 * (Output "One File"). The threshold lives here and nowhere else (the README and the test read it).
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { addHint } from '../input/freshness';

/**
 * "Large": 10,000 items. In the benchmark (bench/README.md) a 100,282-receipt export as items grows
 * n8n by ~570 MB (~5.7 KB an item: the items, and n8n saving them with the execution), so 10,000 items
 * cost n8n ~57 MB, about what Output "One File" costs at ANY size (+21 to +37 MB for 1,000,000 and
 * 10,000,000 receipts). From there on the file is the cheaper way, and the gap grows with every item.
 */
export const LARGE_RESULT_ITEMS = 10_000;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * After the item loop: `records` items came out of operations that offer Output "One File"; from
 * LARGE_RESULT_ITEMS on, a hint says so and names the better way.
 */
export function noteLargeResult(ctx: IExecuteFunctions, records: number): void {
	if (records < LARGE_RESULT_ITEMS) return;
	addHint(
		ctx,
		`${count(records)} items: n8n keeps every item in memory and saves them all with the execution. From ${count(LARGE_RESULT_ITEMS)} records on, set Output to "One File" (CSV or JSON Lines): the file is written as the pages arrive, and n8n's memory stays flat at any size.`,
	);
}
