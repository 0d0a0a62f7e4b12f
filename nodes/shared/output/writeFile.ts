/**
 * File output: record batches (as the walker hands them on) written into n8n's binary data through a
 * readable stream (chunkStream.ts), so with n8n's filesystem binary-data mode nothing accumulates in memory; the one
 * output item carries the file and a summary (records, requests, windows, first / last date, Σ of
 * each money field in kopecks). A walk that takes the writer's `encode` turns each page into its
 * bytes as the page arrives (the walker then holds bytes, not parsed records, for the selections
 * ahead); batches of records are encoded here.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { WalkStats } from '../walk/pageStream';
import { simplifiedColumns, type KindColumns } from './columns';
import { csvEncoder, jsonLine, jsonLineWithLead, type Tally } from './csv';
import type { FileSettings } from './fileOptions';
import { ChunkStream } from './chunkStream';
import { asNodeError } from '../transport';
import { withRubles } from '../rubles';
import { simplifyRecord } from '../tool/simplify';

class Summary implements Tally {
	records = 0;
	first?: string;
	last?: string;
	/** Σ of each money field, in `kind.money`'s order */
	sums: number[];

	constructor(private readonly kind: KindColumns) {
		this.sums = kind.money.map(() => 0);
	}

	add(row: IDataObject): void {
		this.records++;
		const date = row[this.kind.dateField];
		if (typeof date === 'string') {
			if (this.first === undefined || date < this.first) this.first = date;
			if (this.last === undefined || date > this.last) this.last = date;
		}
		const money = this.kind.money;
		for (let i = 0; i < money.length; i++) {
			const v = row[money[i]];
			if (typeof v === 'number' && Number.isInteger(v)) this.sums[i] += v;
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
			...(this.kind.money.length ? { sumsInKopecks: this.sumsByName() } : {}),
		};
	}

	private sumsByName(): Record<string, number> {
		const out: Record<string, number> = {};
		this.kind.money.forEach((m, i) => (out[m] = this.sums[i]));
		return out;
	}
}

const MIME = { csv: 'text/csv', jsonl: 'application/x-ndjson' } as const;

/** A page's records as the file's bytes (counted into the summary). */
export type PageEncoder = (rows: IDataObject[]) => Buffer;

/**
 * Writes the batches into one file. `fill` gives CSV columns the records do not carry themselves (the
 * center and shop of the path); `lead`: JSON Lines records lead with its defined fields (as item
 * output has them). Neither copies a record. JSON Lines with Add Ruble Amounts writes each record with
 * its `<field>_rub` fields (../rubles.ts). With Simplify (`settings.simplify`) each record is written as
 * the items have it: its simplified copy (../tool/simplify.ts), in the field set's columns. `batches` gets the page encoder: a batch is either records
 * or what the encoder made of them.
 */
export async function writeRecordsFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	full: KindColumns,
	settings: FileSettings,
	batches: (encode: PageEncoder) => AsyncIterable<IDataObject[] | Buffer>,
	stats: WalkStats,
	fill?: IDataObject,
	lead?: IDataObject,
): Promise<INodeExecutionData> {
	// Simplify: the file holds what the items would, the simplified records (center and shop of the
	// path filled in), its columns the field set's
	const simple = settings.simplify;
	const kind = simple ? simplifiedColumns(full, simple) : full;
	const summary = new Summary(kind);
	const encoder = settings.format === 'csv' ? csvEncoder(kind, settings) : undefined;
	const jsonl = lead && !simple ? jsonLineWithLead(lead) : jsonLine;
	const rubles = !encoder && settings.rubles;
	const ids = simple ? (lead ?? fill) : undefined;
	const shape = simple
		? (row: IDataObject) => simplifyRecord(rubles ? withRubles(row) : row, simple, ids)
		: undefined;
	const cells = simple ? undefined : fill;
	// the CSV encoder counts the summary's sums and dates as it reads the cells
	const tally = encoder?.tallies ? summary : undefined;
	const encode: PageEncoder = (rows) => {
		let chunk = '';
		for (const record of rows) {
			const row = shape ? shape(record) : record;
			if (encoder) {
				if (tally) summary.records++;
				else summary.add(row);
				chunk += encoder.line(row, cells, tally);
				continue;
			}
			const r = rubles && !shape ? withRubles(row) : row;
			summary.add(r);
			chunk += jsonl(r);
		}
		return Buffer.from(chunk, 'utf8');
	};
	let failure: { error: unknown } | undefined;
	async function* text(): AsyncGenerator<string | Buffer> {
		if (encoder) yield (settings.bom ? '\uFEFF' : '') + encoder.header;
		try {
			for await (const batch of batches(encode))
				yield Buffer.isBuffer(batch) ? batch : encode(batch);
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
