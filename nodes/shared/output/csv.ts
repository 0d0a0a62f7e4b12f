/**
 * Records as CSV text (RFC 4180: fields with the delimiter, a quote or a line break are quoted, quotes
 * doubled, lines end with CRLF) or as JSON Lines. Columns follow the spec's field order (columns.ts);
 * nested objects are flattened to dotted names; anything the spec does not list lands, as JSON, in a
 * last column `other_fields`, so a field the API adds later is not lost.
 */
import type { IDataObject } from 'n8n-workflow';
import type { KindColumns } from './columns';

export type Delimiter = ',' | ';';

export interface CsvOptions {
	delimiter: Delimiter;
	/** add `<field>_rub` (currency units, two decimals) after each money field */
	rubles: boolean;
}

export const OTHER_FIELDS = 'other_fields';

type Tree = Map<string, Tree | null>;

function treeOf(columns: string[]): Tree {
	const root: Tree = new Map();
	for (const column of columns) {
		const parts = column.split('.');
		let node = root;
		parts.forEach((part, i) => {
			if (i === parts.length - 1) {
				node.set(part, null);
				return;
			}
			let child = node.get(part);
			if (!child) node.set(part, (child = new Map()));
			node = child;
		});
	}
	return root;
}

const isPlainObject = (v: unknown): v is IDataObject =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields of `row` outside the known columns, by dotted name. */
function otherFields(row: IDataObject, tree: Tree, prefix: string, out: IDataObject): void {
	for (const [name, value] of Object.entries(row)) {
		if (!tree.has(name)) {
			out[prefix + name] = value;
			continue;
		}
		const sub = tree.get(name);
		if (!sub || value === null || value === undefined) continue;
		if (isPlainObject(value)) otherFields(value, sub, `${prefix}${name}.`, out);
		else out[prefix + name] = value;
	}
}

function valueAt(row: IDataObject, path: string[]): unknown {
	let v: unknown = row;
	for (const part of path) {
		if (!isPlainObject(v)) return undefined;
		v = v[part];
	}
	return v;
}

/** The header and a line per record of one kind with one set of options. */
export function csvEncoder(kind: KindColumns, options: CsvOptions) {
	const d = options.delimiter;
	const needsQuotes = d === ',' ? /[",\r\n]/ : /[";\r\n]/;
	const decimal = d === ';' ? ',' : '.';
	const cell = (v: unknown): string => {
		if (v === null || v === undefined) return '';
		const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
		return needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
	};
	const units = (v: unknown): string =>
		typeof v === 'number' && Number.isInteger(v) ? (v / 100).toFixed(2).replace('.', decimal) : '';
	const money = new Set(kind.money);
	const paths = kind.columns.map((c) => c.split('.'));
	const tree = treeOf(kind.columns);
	const names: string[] = [];
	for (const c of kind.columns) {
		names.push(c);
		if (options.rubles && money.has(c)) names.push(`${c}_rub`);
	}
	names.push(OTHER_FIELDS);
	return {
		header: names.map(cell).join(d) + '\r\n',
		line(row: IDataObject): string {
			const cells: string[] = [];
			for (let i = 0; i < paths.length; i++) {
				const v = valueAt(row, paths[i]);
				cells.push(cell(v));
				if (options.rubles && money.has(kind.columns[i])) cells.push(units(v));
			}
			const other: IDataObject = {};
			otherFields(row, tree, '', other);
			cells.push(Object.keys(other).length ? cell(other) : '');
			return cells.join(d) + '\r\n';
		},
	};
}

/** One JSON object per line, the record as the API sent it (plus any fields the walk added). */
export function jsonLine(row: IDataObject): string {
	return JSON.stringify(row) + '\n';
}
