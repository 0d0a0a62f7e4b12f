/**
 * The request log and its statistics: every API request (not control calls) is one entry.
 */
import type { QueryValues, RouteName } from '../core/types';

export interface LogEntry {
	seq: number;
	/** real time of the answer, ISO */
	time: string;
	/** the sandbox clock at the answer, ISO */
	clock: string;
	method: string;
	path: string;
	route: RouteName | null;
	sc_id: string | null;
	client_id: string | null;
	/** the jti of the bearer token (one per token exchange: tells the processes of one key apart) */
	token_id?: string;
	/** the rate window that counted (or refused) the request: floor(real ms / window length) */
	rate_window?: number;
	status: number;
	code: string | null;
	query: QueryValues;
	/** set when faults.malformedNext broke this answer's body */
	malformed?: string;
}

export interface Stats {
	total: number;
	/** counts by route, then by HTTP status: { 'tickets': { '200': 3, '429': 1 } } */
	byRoute: Record<string, Record<string, number>>;
	/** counts by error code */
	byCode: Record<string, number>;
	rateLimited: number;
	tokensIssued: number;
}

const MAX_ENTRIES = 100000;
const COMPACT_AT = 20_000;

export class RequestLog {
	/** the log is entries[head..]: the oldest are dropped by moving head (Array.shift at 100,000 entries
	 *  costs ~0.3 ms, a day of polls at 300 shops made minutes of it), the array compacted now and then */
	private entries: LogEntry[] = [];
	private head = 0;
	private seq = 0;
	private stats: Stats = emptyStats();

	add(entry: Omit<LogEntry, 'seq'>): LogEntry {
		const full: LogEntry = { seq: ++this.seq, ...entry };
		this.entries.push(full);
		if (this.entries.length - this.head > MAX_ENTRIES) this.head++;
		if (this.head >= COMPACT_AT) {
			this.entries = this.entries.slice(this.head);
			this.head = 0;
		}
		const s = this.stats;
		s.total += 1;
		const byStatus = (s.byRoute[entry.route ?? 'unknown'] ??= {});
		byStatus[String(entry.status)] = (byStatus[String(entry.status)] ?? 0) + 1;
		if (entry.code) s.byCode[entry.code] = (s.byCode[entry.code] ?? 0) + 1;
		if (entry.code === 'rate_limited') s.rateLimited += 1;
		return full;
	}

	tokenIssued(): void {
		this.stats.tokensIssued += 1;
	}

	/** Entries, optionally only those after seq `since` and / or of one route. */
	list(filter: { since?: number; route?: string } = {}): LogEntry[] {
		const out: LogEntry[] = [];
		for (let i = this.head; i < this.entries.length; i++) {
			const e = this.entries[i];
			if (
				(filter.since === undefined || e.seq > filter.since) &&
				(filter.route === undefined || e.route === filter.route)
			)
				out.push(e);
		}
		return out;
	}

	/** The entries after seq `since`, in order, without scanning the older ones (seq grows by one an entry). */
	since(since: number): LogEntry[] {
		const first = this.entries[this.head]?.seq;
		if (first === undefined) return [];
		return this.entries.slice(this.head + Math.max(0, since - first + 1));
	}

	/** The seq of the newest entry (0 before the first). */
	lastSeq(): number {
		return this.seq;
	}

	getStats(): Stats {
		return JSON.parse(JSON.stringify(this.stats)) as Stats;
	}

	/** Clears entries and statistics (sequence numbers keep growing). */
	clear(): void {
		this.entries = [];
		this.head = 0;
		this.stats = emptyStats();
	}
}

function emptyStats(): Stats {
	return { total: 0, byRoute: {}, byCode: {}, rateLimited: 0, tokensIssued: 0 };
}
