/**
 * The two outputs of a large list operation from one flow of record batches: one item per record
 * (collected, as before), or one file written as the batches arrive (writeFile.ts). The one "Add Ruble
 * Amounts" switch is honoured by all three: items and JSON Lines get `<field>_rub` beside each money
 * field (../rubles.ts), a CSV gets the ruble columns.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { OperationOutput } from '../router';
import type { WalkStats } from '../walk/pageStream';
import type { ExportKind } from './columns';
import type { FileSettings } from './fileOptions';
import { writeRecordsFile } from './writeFile';
import { withRubles } from '../rubles';

export interface Delivery {
	kind: ExportKind;
	/** undefined: one item per record */
	file?: FileSettings;
	/** CSV columns the records do not carry themselves (center, shop of the path) */
	fill?: IDataObject;
	/**
	 * JSON Lines: fields written in front of each record (its defined ones), as item output has them,
	 * when the batches hand on the records without them
	 */
	lead?: IDataObject;
	/** "Add Ruble Amounts" */
	rubles?: boolean;
}

async function* inRubles(batches: AsyncIterable<IDataObject[]>): AsyncGenerator<IDataObject[]> {
	for await (const rows of batches) yield rows.map(withRubles);
}

export async function deliver(
	ctx: IExecuteFunctions,
	itemIndex: number,
	delivery: Delivery,
	batches: (stats: WalkStats) => AsyncIterable<IDataObject[]>,
): Promise<OperationOutput> {
	const stats: WalkStats = { requests: 0, windows: 0 };
	const rubles = delivery.rubles === true;
	if (!delivery.file) {
		const out: IDataObject[] = [];
		for await (const rows of batches(stats))
			for (const row of rows) out.push(rubles ? withRubles(row) : row);
		return out;
	}
	const file = rubles ? { ...delivery.file, rubles: true } : delivery.file;
	const jsonl = file.format === 'jsonl' && file.rubles;
	return {
		item: await writeRecordsFile(
			ctx,
			itemIndex,
			delivery.kind,
			file,
			jsonl ? inRubles(batches(stats)) : batches(stats),
			stats,
			delivery.fill,
			delivery.lead,
		),
	};
}
