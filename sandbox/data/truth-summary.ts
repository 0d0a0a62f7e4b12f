/**
 * The true set of a receipts selection summarised without holding it: count, Σ total_sum and the set's
 * ids as groups, computed by generating the documents day by day (streaming; ~2 µs a receipt). For
 * exports too large for GET /truth (10,000,000 ids): a reader checks a file against the groups with a
 * bitset of `count` bits instead of a set of ids.
 *
 * Every sandbox receipt id is a group prefix (shop, created day, document letter) followed by a five-digit
 * index: `1006-01-20240102-r00017`. A group is DENSE when its ids are exactly prefix + 00001..n: then
 * `groups[prefix] = n`. A group that is not (documents of the day not received yet at "now", a
 * received-date selection cutting a day) lists its indexes instead: `sparse[prefix] = [1, 2, 5, …]`.
 */
import { forEachReceipt } from './receipt-query';
import { receiptWindows } from './truth';
import type { StoreView, TruthQuery } from './store-view';

export interface ReceiptTruthSummary {
	count: number;
	/** Σ total_sum, integer kopecks */
	sum: number;
	/** prefix → n: the ids prefix + 00001 … prefix + n (five digits) */
	groups: Record<string, number>;
	/** prefix → the indexes of a group that is not dense, ascending */
	sparse: Record<string, number[]>;
}

const INDEX_DIGITS = 5;

export function receiptTruthSummary(
	store: StoreView,
	q: TruthQuery,
	now: Date,
): ReceiptTruthSummary {
	const out: ReceiptTruthSummary = { count: 0, sum: 0, groups: {}, sparse: {} };
	// the groups of the day being visited: a created day's documents are visited together
	let day = '';
	let open = new Map<string, number[]>();
	const flush = () => {
		for (const [prefix, indexes] of open) {
			indexes.sort((a, b) => a - b);
			let distinct = true;
			for (let i = 1; i < indexes.length; i++) if (indexes[i] === indexes[i - 1]) distinct = false;
			if (distinct && indexes[indexes.length - 1] === indexes.length)
				out.groups[prefix] = indexes.length;
			else out.sparse[prefix] = indexes;
		}
		open = new Map();
	};
	for (const w of receiptWindows(q, now))
		forEachReceipt(store, w, (r) => {
			const prefix = r.id.slice(0, -INDEX_DIGITS);
			const thisDay = prefix.slice(0, -1);
			if (thisDay !== day) {
				flush();
				day = thisDay;
			}
			let indexes = open.get(prefix);
			if (!indexes) open.set(prefix, (indexes = []));
			const index = Number(r.id.slice(-INDEX_DIGITS));
			if (!Number.isInteger(index) || index < 1)
				throw new Error(`receipt id ${r.id} does not end in a ${INDEX_DIGITS}-digit index`);
			indexes.push(index);
			out.count++;
			out.sum += r.total;
		});
	flush();
	return out;
}
