/**
 * Cash-register moments read from the generated receipts, so a register's list entry agrees with the
 * receipt export: first document, last document received by now, opening of the last shift.
 */
import type { KktActivity, KktIdentity } from '../fixtures/kkts';
import { DATA_START_IDX, dayIndex, dayOfMs } from '../data/calendar';
import type { DataStore } from '../data/store';
import { hashString } from '../core/random';
import type { ShopFixture } from '../core/types';

/** How far the search for a register's documents goes (days). */
const SEARCH_DAYS = 31;
/** Late documents arrive up to this many days after their creation day. */
const LATE_DAYS = 2;

export function kktActivityReader(
	store: DataStore,
	shop: ShopFixture,
	zone: string,
	now: Date,
): (kkt: KktIdentity) => KktActivity {
	const nowMs = now.getTime();
	const today = dayOfMs(zone, nowMs);
	const docs = (d: number, kktId: string) =>
		store.dayReceipts(shop, zone, d).filter((r) => r.kkt.id === kktId && r.created <= nowMs);
	return (kkt) => {
		const act: KktActivity = {};
		const lastDay = kkt.archived_on ? Math.min(today, dayIndex(kkt.archived_on)) : today;
		for (let d = lastDay; d >= Math.max(DATA_START_IDX, lastDay - SEARCH_DAYS); d--) {
			const created = docs(d, kkt.id);
			if (created.length === 0) continue;
			act.lastShiftOpen = created[0].created - (5 + (hashString(kkt.id) % 10)) * 60_000;
			let last: number | undefined;
			for (let e = d; e >= Math.max(DATA_START_IDX, d - LATE_DAYS); e--) {
				for (const r of e === d ? created : docs(e, kkt.id))
					if (r.received <= nowMs && (last === undefined || r.received > last)) last = r.received;
			}
			if (last !== undefined) act.lastDocument = last;
			break;
		}
		for (let d = DATA_START_IDX; d <= Math.min(today, DATA_START_IDX + SEARCH_DAYS); d++) {
			const created = docs(d, kkt.id);
			if (created.length > 0) {
				act.firstDocument = created[0].created;
				break;
			}
		}
		return act;
	};
}
