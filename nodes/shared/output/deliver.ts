/**
 * The two outputs of a large list operation from one flow of record batches: one item per record
 * (collected, as before), or one file written as the batches arrive (writeFile.ts). The switches that
 * shape a record apply to all three alike: "Add Ruble Amounts" (items and JSON Lines get `<field>_rub`
 * beside each money field, ../rubles.ts; a CSV gets the ruble columns) and Simplify (the file holds the
 * simplified records the items would hold, ../tool/simplify.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { OperationOutput } from '../router';
import type { WalkStats } from '../walk/pageStream';
import type { KindColumns } from './columns';
import type { FileSettings } from './fileOptions';
import { writeRecordsFile, type PageEncoder } from './writeFile';
import { withRubles } from '../rubles';
import { simplifiedFields } from '../tool/simplify';
import type { FieldSet } from '../actions';

export type { PageEncoder };

export interface Delivery {
	/** the operation's file columns (its side fact `fileColumns`) */
	columns: KindColumns;
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
	/** the operation's Simplify field set: a file holds the simplified records when Simplify is on */
	simple?: FieldSet;
	/** what the file holds, for its name when File Name is empty: the shop or center, the period */
	name?: { of: string; start?: string; end?: string };
}

/** "daily-sales-1002-01-2026-11-01-2026-11-24.csv": what the file holds, not when it was written. */
function fileNameOf(stem: string, format: string, name: NonNullable<Delivery['name']>): string {
	const days = name.start === name.end ? [name.start] : [name.start, name.end];
	const parts = [stem, name.of, ...days].filter((p): p is string => Boolean(p));
	return `${parts.join('-').replace(/[^\w.-]+/g, '-')}.${format}`;
}

export async function deliver(
	ctx: IExecuteFunctions,
	itemIndex: number,
	delivery: Delivery,
	/**
	 * The flow of batches. For a file it gets the writer's page encoder, which a walk may apply to each
	 * page as it arrives (walkPages' `prepare`) and hand on the bytes instead of the records.
	 */
	batches: (stats: WalkStats, encode?: PageEncoder) => AsyncIterable<IDataObject[] | Buffer>,
): Promise<OperationOutput> {
	const stats: WalkStats = { requests: 0, windows: 0 };
	const rubles = delivery.rubles === true;
	if (!delivery.file) {
		const out: IDataObject[] = [];
		for await (const rows of batches(stats))
			if (!Buffer.isBuffer(rows)) for (const row of rows) out.push(rubles ? withRubles(row) : row);
		return out;
	}
	const named =
		delivery.file.fileName === undefined && delivery.name
			? fileNameOf(delivery.columns.fileStem, delivery.file.format, delivery.name)
			: delivery.file.fileName;
	const file = {
		...delivery.file,
		rubles: rubles || delivery.file.rubles,
		simplify: simplifiedFields(ctx, itemIndex, delivery.simple),
		fileName: named,
	};
	return {
		item: await writeRecordsFile(
			ctx,
			itemIndex,
			delivery.columns,
			file,
			(encode) => batches(stats, encode),
			stats,
			delivery.fill,
			delivery.lead,
		),
	};
}
