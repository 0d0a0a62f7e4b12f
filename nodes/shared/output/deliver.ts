/**
 * The two outputs of a large list operation from one flow of record batches: one item per record
 * (collected, as before), or one file written as the batches arrive (writeFile.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { OperationOutput } from '../router';
import type { WalkStats } from '../walk/pageStream';
import type { ExportKind } from './columns';
import type { FileSettings } from './fileOptions';
import { writeRecordsFile } from './writeFile';

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
}

export async function deliver(
	ctx: IExecuteFunctions,
	itemIndex: number,
	delivery: Delivery,
	batches: (stats: WalkStats) => AsyncIterable<IDataObject[]>,
): Promise<OperationOutput> {
	const stats: WalkStats = { requests: 0, windows: 0 };
	if (!delivery.file) {
		const out: IDataObject[] = [];
		for await (const rows of batches(stats)) for (const row of rows) out.push(row);
		return out;
	}
	return {
		item: await writeRecordsFile(
			ctx,
			itemIndex,
			delivery.kind,
			delivery.file,
			batches(stats),
			stats,
			delivery.fill,
			delivery.lead,
		),
	};
}
