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

const OTHER_FIELDS = 'other_fields';

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

/**
 * Whether otherFields would find anything, without allocating (the per-record check; the object is
 * built only for a record that has such fields).
 */
function hasOtherFields(row: IDataObject, tree: Tree): boolean {
	for (const name in row) {
		const sub = tree.get(name);
		if (sub === undefined) return true;
		if (sub === null) continue;
		const value = row[name];
		if (value === null || value === undefined) continue;
		if (!isPlainObject(value) || hasOtherFields(value, sub)) return true;
	}
	return false;
}

/** A column: its top-level field, and the rest of its dotted path (empty for a flat column). */
interface Column {
	top: string;
	rest: string[];
	money: boolean;
	/** a flat money column: its index in `kind.money` (the tally's sums), else -1 */
	sum: number;
	/** the flat column the summary's first / last date is read from */
	date: boolean;
}

/**
 * What a file's summary counts of its records (writeFile.ts): Σ of each money field (in
 * `kind.money`'s order, integers only) and the first / last date; the CSV encoder adds to it while it
 * reads the record's cells, so the summary needs no pass of its own over the record.
 */
export interface Tally {
	sums: number[];
	first?: string;
	last?: string;
}

/**
 * The header and a line per record of one kind with one set of options. `line(row, fill)` reads a
 * column from `fill` when the record does not carry it (the center and shop of the path), as if the
 * record were `{ ...fill, ...row }`, without that copy. Per record it allocates the line only: numbers
 * and booleans are written as they are (they never need quotes), strings are tested for quoting.
 */
export function csvEncoder(kind: KindColumns, options: CsvOptions) {
	const d = options.delimiter;
	const needsQuotes = d === ',' ? /[",\r\n]/ : /[";\r\n]/;
	const decimal = d === ';' ? ',' : '.';
	const quoted = (s: string): string => (needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
	const cell = (v: unknown): string => {
		if (v === null || v === undefined) return '';
		switch (typeof v) {
			case 'number':
			case 'boolean':
				return String(v);
			case 'string':
				return quoted(v);
			case 'object':
				return quoted(JSON.stringify(v));
			default:
				return quoted(String(v));
		}
	};
	const units = (v: unknown): string => {
		if (typeof v !== 'number' || !Number.isInteger(v)) return '';
		const s = (v / 100).toFixed(2);
		return decimal === '.' ? s : s.replace('.', decimal);
	};
	const money = new Set(kind.money);
	const rubles = options.rubles;
	const columns: Column[] = kind.columns.map((c) => {
		const [top, ...rest] = c.split('.');
		const flat = rest.length === 0;
		return {
			top,
			rest,
			money: rubles && money.has(c),
			sum: flat ? kind.money.indexOf(c) : -1,
			date: flat && c === kind.dateField,
		};
	});
	const tree = treeOf(kind.columns);
	const names: string[] = [];
	for (const c of kind.columns) {
		names.push(c);
		if (rubles && money.has(c)) names.push(`${c}_rub`);
	}
	// a closed kind's records hold nothing but its columns (simplified records): no other_fields
	const closed = kind.closed === true;
	if (!closed) names.push(OTHER_FIELDS);
	const n = columns.length;
	return {
		header: names.map(cell).join(d) + '\r\n',
		/**
		 * Whether `line` can keep the tally: every money field and the date field are flat columns (the
		 * summary reads them as the record's own top-level fields)
		 */
		tallies:
			kind.columns.includes(kind.dateField) &&
			!kind.dateField.includes('.') &&
			kind.money.every((m) => !m.includes('.')),
		line(row: IDataObject, fill?: IDataObject, tally?: Tally): string {
			let line = '';
			for (let i = 0; i < n; i++) {
				const c = columns[i];
				let v: unknown = row[c.top];
				if (tally !== undefined && v !== undefined) {
					// the record's own value, as the summary reads it
					if (c.sum >= 0) {
						if (typeof v === 'number' && Number.isInteger(v)) tally.sums[c.sum] += v;
					} else if (c.date && typeof v === 'string') {
						if (tally.first === undefined || v < tally.first) tally.first = v;
						if (tally.last === undefined || v > tally.last) tally.last = v;
					}
				}
				if (v === undefined && fill !== undefined) v = fill[c.top];
				for (let j = 0; j < c.rest.length; j++) {
					if (!isPlainObject(v)) {
						v = undefined;
						break;
					}
					v = v[c.rest[j]];
				}
				if (i > 0) line += d;
				line += cell(v);
				if (c.money) line += d + units(v);
			}
			if (closed) return line + '\r\n';
			line += d;
			if (hasOtherFields(row, tree) || (fill !== undefined && hasOtherFields(fill, tree))) {
				const other: IDataObject = {};
				otherFields(fill ? { ...fill, ...row } : row, tree, '', other);
				if (Object.keys(other).length) line += cell(other);
			}
			return line + '\r\n';
		},
	};
}

/** One JSON object per line, the record as the API sent it (plus any fields the walk added). */
export function jsonLine(row: IDataObject): string {
	return JSON.stringify(row) + '\n';
}

/**
 * JSON Lines of records that get leading fields (the center and shop of the path), written as
 * `{ ...lead, ...row }` would be, without that copy per record: the lead's JSON is written once in
 * front of the record's own; a record that carries one of those fields itself is copied as before
 * (its own value, in the lead's place). Lead fields that are undefined are left out.
 */
export function jsonLineWithLead(lead: IDataObject): (row: IDataObject) => string {
	const keys = Object.keys(lead).filter((k) => lead[k] !== undefined);
	if (!keys.length) return jsonLine;
	const shown: IDataObject = {};
	for (const k of keys) shown[k] = lead[k];
	const prefix = JSON.stringify(shown).slice(0, -1);
	return (row: IDataObject): string => {
		for (const k of keys) if (k in row) return jsonLine({ ...shown, ...row });
		const own = JSON.stringify(row);
		return own === '{}' ? `${prefix}}\n` : `${prefix},${own.slice(1)}\n`;
	};
}
