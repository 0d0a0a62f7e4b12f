/**
 * What the data helpers (daily, receipt and portal queries, the truth) read of the store; DataStore
 * implements it. Apart from store.ts, which calls those helpers, so that they do not import it back.
 */
import type { ShopFixture } from '../core/types';
import type { AnomalyRecord } from './anomalies';
import type { DayTotals } from './day-fields';
import type { PassRecord } from './passes';
import type { RawReceipt } from './receipt-gen';
import type { TicketOverride, TicketRecord } from './tickets';

export interface TruthQuery {
	sc_id: string;
	shop_id?: string;
	/** YYYY-MM-DD, inclusive, in the center's zone */
	start_date?: string;
	end_date?: string;
	[key: string]: string | undefined;
}

export interface TruthSet {
	ids: string[];
	count: number;
	/** sum of the money field that matters (receipts: total_sum; daily: income_sum), integer kopecks */
	sum?: number;
}

export interface StoreView {
	readonly seed: number;
	/** settled days' totals, key `${shopId}|${day}` (see daily.ts) */
	readonly dayTotalsCache: Map<string, DayTotals>;
	/** Memoised value for a key (generated data that never changes for a seed). */
	cached<T>(key: string, make: () => T): T;
	/** Every document created on the day (generated and late-arriving), sorted by created then id. */
	dayReceipts(shop: ShopFixture, zone: string, d: number): RawReceipt[];
	/** Created days that hold late-arriving (inserted) documents of the shop. */
	insertedReceiptDays(shopId: string): number[];
	hasInsertedReceipts(shopId: string, d: number): boolean;
	insertedAnomalies(centerId: string): readonly AnomalyRecord[];
	insertedTickets(centerId: string): readonly TicketRecord[];
	insertedPasses(centerId: string): readonly PassRecord[];
	ticketOverride(centerId: string, uid: string): TicketOverride | undefined;
}
