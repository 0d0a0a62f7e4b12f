'use strict';
/*
 * A file of millions of receipts against the sandbox's truth SUMMARY (GET /__sandbox/truth-summary/
 * receipts: count, Σ total_sum, the ids as groups prefix + 00001..n or prefix + listed indexes), without
 * a set of ids: every true id has a bit (a bitset of `count` bits, 1.3 MB for 10,000,000), every line of
 * the file is mapped to its bit. Exact: a line whose id is in no group is `extra`, a bit met twice a
 * duplicate, a bit never met `missing`; a CSV line of another number of cells than the header `malformed`.
 */
const fs = require('node:fs');
const readline = require('node:readline');

const INDEX_DIGITS = 5;

/** prefix → { base, n } (dense) or { base, list } (sparse); the bit of an id is base + its position. */
function indexOf(summary) {
	const groups = new Map();
	let base = 0;
	for (const [prefix, n] of Object.entries(summary.groups)) {
		groups.set(prefix, { base, n });
		base += n;
	}
	for (const [prefix, list] of Object.entries(summary.sparse)) {
		groups.set(prefix, { base, list });
		base += list.length;
	}
	if (base !== summary.count)
		throw new Error(`summary: ${base} ids in groups, count ${summary.count}`);
	return { groups, count: summary.count, sum: summary.sum };
}

/** The bit of an id, or -1 when it is not in the true set. */
function bitOf(index, id) {
	const g = index.groups.get(id.slice(0, -INDEX_DIGITS));
	if (!g) return -1;
	const tail = id.slice(-INDEX_DIGITS);
	const i = Number(tail);
	if (!/^\d+$/.test(tail) || i < 1) return -1;
	if (g.list) {
		let lo = 0;
		let hi = g.list.length - 1;
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			if (g.list[mid] === i) return g.base + mid;
			if (g.list[mid] < i) lo = mid + 1;
			else hi = mid - 1;
		}
		return -1;
	}
	return i <= g.n ? g.base + i - 1 : -1;
}

/**
 * The cells `want` (indexes, ascending) of a CSV line and its number of cells; a line with quotes is
 * split by `cellsOf`, one without by its commas.
 */
function pick(line, want, cellsOf) {
	if (line.indexOf('"') !== -1) {
		const cells = cellsOf(line);
		return { values: want.map((k) => cells[k]), cells: cells.length };
	}
	const values = [];
	let from = 0;
	let col = 0;
	for (const k of want) {
		while (col < k) {
			const at = line.indexOf(',', from);
			if (at === -1) return { values, cells: col + 1 };
			from = at + 1;
			col++;
		}
		const to = line.indexOf(',', from);
		values.push(line.slice(from, to === -1 ? line.length : to));
	}
	let cells = col + 1;
	for (let at = line.indexOf(',', from); at !== -1; at = line.indexOf(',', at + 1)) cells++;
	return { values, cells };
}

/**
 * Reads the file (csv | jsonl) line by line against the index: → { readBack: { count, distinct,
 * duplicates, extra, missing, malformed, sum }, exact }. cellsOf: an RFC 4180 line splitter (file-check.js).
 */
async function checkAgainstSummary(file, format, index, cellsOf) {
	const seen = new Uint8Array(Math.ceil(index.count / 8));
	let count = 0;
	let distinct = 0;
	let duplicates = 0;
	let extra = 0;
	let malformed = 0;
	let sum = 0;
	let cols;
	const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
	for await (const line of lines) {
		if (!line) continue;
		let id;
		let total;
		if (format === 'csv') {
			if (!cols) {
				const header = cellsOf(line);
				const idCol = header.indexOf('id');
				const sumCol = header.indexOf('total_sum');
				if (idCol < 0 || sumCol < 0) throw new Error('no id / total_sum column in the header');
				const order = [idCol, sumCol].sort((a, b) => a - b);
				cols = {
					width: header.length,
					order,
					idAt: order.indexOf(idCol),
					sumAt: order.indexOf(sumCol),
				};
				continue;
			}
			const cells = pick(line, cols.order, cellsOf);
			if (cells.cells !== cols.width) malformed++;
			id = cells.values[cols.idAt];
			total = Number(cells.values[cols.sumAt]);
		} else {
			const r = JSON.parse(line);
			id = r.id;
			total = r.total_sum;
		}
		count++;
		sum += total;
		const bit = bitOf(index, String(id));
		if (bit < 0) {
			extra++;
			continue;
		}
		const mask = 1 << (bit & 7);
		if (seen[bit >> 3] & mask) duplicates++;
		else {
			seen[bit >> 3] |= mask;
			distinct++;
		}
	}
	const missing = index.count - distinct;
	return {
		readBack: { count, distinct, duplicates, extra, missing, malformed, sum },
		exact:
			count === index.count &&
			malformed === 0 &&
			distinct === index.count &&
			duplicates === 0 &&
			extra === 0 &&
			sum === index.sum,
	};
}

module.exports = { indexOf, bitOf, checkAgainstSummary };
