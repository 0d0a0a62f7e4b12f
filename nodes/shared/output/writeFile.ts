/**
 * File output: record batches (as the walker hands them on) written into n8n's binary data through a
 * readable stream (chunkStream.ts), so with n8n's filesystem binary-data mode nothing accumulates in memory; the one
 * output item carries the file and a summary (records, requests, windows, first / last date, Σ of
 * each money field in kopecks).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { WalkStats } from '../walk/pageStream';
import type { KindColumns } from './columns';
import { csvEncoder, jsonLine, jsonLineWithLead } from './csv';
import type { FileSettings } from './fileOptions';
import { ChunkStream } from './chunkStream';
import { asNodeError } from '../transport';

class Summary {
	records = 0;
	first?: string;
	last?: string;
	sums: Record<string, number> = {};

	constructor(private readonly kind: KindColumns) {
		for (const m of kind.money) this.sums[m] = 0;
	}

	add(row: IDataObject): void {
		this.records++;
		const date = row[this.kind.dateField];
		if (typeof date === 'string') {
			if (this.first === undefined || date < this.first) this.first = date;
			if (this.last === undefined || date > this.last) this.last = date;
		}
		for (const m of this.kind.money) {
			const v = row[m];
			if (typeof v === 'number' && Number.isInteger(v)) this.sums[m] += v;
		}
	}

	json(stats: WalkStats, file: IDataObject): IDataObject {
		return {
			...file,
			records: this.records,
			requests: stats.requests,
			windows: stats.windows,
			firstDate: this.first ?? null,
			lastDate: this.last ?? null,
			...(this.kind.money.length ? { sumsInKopecks: this.sums } : {}),
		};
	}
}

const MIME = { csv: 'text/csv', jsonl: 'application/x-ndjson' } as const;

/**
 * Writes the batches into one file. `fill` gives CSV columns the records do not carry themselves (the
 * center and shop of the path); `lead`: JSON Lines records lead with its defined fields (as item
 * output has them). Neither copies a record.
 */
export async function writeRecordsFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: KindColumns,
	settings: FileSettings,
	batches: AsyncIterable<IDataObject[]>,
	stats: WalkStats,
	fill?: IDataObject,
	lead?: IDataObject,
): Promise<INodeExecutionData> {
	const summary = new Summary(kind);
	const encoder = settings.format === 'csv' ? csvEncoder(kind, settings) : undefined;
	const line = encoder
		? (row: IDataObject) => encoder.line(row, fill)
		: lead
			? jsonLineWithLead(lead)
			: jsonLine;
	let failure: { error: unknown } | undefined;
	async function* text(): AsyncGenerator<string> {
		if (encoder) yield (settings.bom ? '\uFEFF' : '') + encoder.header;
		try {
			for await (const rows of batches) {
				let chunk = '';
				for (const row of rows) {
					summary.add(row);
					chunk += line(row);
				}
				yield chunk;
			}
		} catch (error) {
			failure = { error };
			throw asNodeError(ctx.getNode(), error, itemIndex);
		}
	}
	const fileName =
		settings.fileName ??
		`${kind.fileStem}-${new Date().toISOString().replace(/[:.]/g, '-')}.${settings.format}`;
	let binary;
	try {
		binary = await ctx.helpers.prepareBinaryData(
			new ChunkStream(text()) as unknown as Buffer,
			fileName,
			MIME[settings.format],
		);
	} catch (error) {
		throw asNodeError(ctx.getNode(), failure ? failure.error : error, itemIndex);
	}
	const file = { fileName: binary.fileName ?? fileName, format: settings.format };
	return {
		json: summary.json(stats, file),
		binary: { [settings.binaryProperty]: binary },
		pairedItem: { item: itemIndex },
	};
}
