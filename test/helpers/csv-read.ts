/** Reading what the file output wrote: the binary of an item as text, RFC 4180 CSV as rows of cells. */
import type { INodeExecutionData } from 'n8n-workflow';

export function fileText(item: INodeExecutionData, field = 'data'): string {
	const binary = item.binary?.[field];
	if (!binary) throw new Error(`no binary field ${field}`);
	return Buffer.from(binary.data, 'base64').toString('utf8');
}

/** A strict RFC 4180 reader: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter = ','): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let i = 0;
	let quoted = false;
	while (i < text.length) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"';
				i += 2;
				continue;
			}
			if (c === '"') {
				quoted = false;
				i++;
				continue;
			}
			cell += c;
			i++;
			continue;
		}
		if (c === '"' && cell === '') {
			quoted = true;
			i++;
		} else if (c === delimiter) {
			row.push(cell);
			cell = '';
			i++;
		} else if (c === '\r' && text[i + 1] === '\n') {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
			i += 2;
		} else if (c === '\n' || c === '\r' || c === '"') {
			throw new Error(`bare ${JSON.stringify(c)} at ${i}: not RFC 4180`);
		} else {
			cell += c;
			i++;
		}
	}
	if (cell !== '' || row.length) throw new Error('last line without CRLF');
	return rows;
}

/** Rows as objects keyed by the header. */
export function csvRecords(text: string, delimiter = ','): Array<Record<string, string>> {
	const [header, ...rows] = parseCsv(text, delimiter);
	return rows.map((cells) => {
		if (cells.length !== header.length) throw new Error(`row of ${cells.length} cells`);
		return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
	});
}
