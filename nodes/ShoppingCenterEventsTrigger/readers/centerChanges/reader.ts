/**
 * Center Changes' reader: a center's tables kept as change records ({table, key, op, row}), read as
 * units within the center's one budget (the poll sequence orders them and asks the budget for each):
 * - `shops`: the shop directory, every DIRECTORY_MS (directory.ts);
 * - `tickets`: the tickets watched, as activity says (a list event's unit: tickets.ts);
 * - `zones`: the counting zones, every DIRECTORY_MS (directory.ts);
 * - `d:<shop>`: a shop's daily rows of the last Lookback days through today (Basic: through its
 *   freshest day, yesterday) once per Read Quiet … at Least Every: a day restated by a receipt that
 *   arrived late is caught by the next read, at the same one request;
 * - `m:<shop>`: a shop's monthly rows: the months whose daily row changed (at most once per that
 *   bound), and once a night the current and the previous month;
 * - attendance, passes, anomalies, `x:<shop>` (cash registers, turnover settings), `r:<shop>`
 *   (receipts): tableUnits.ts.
 * A unit's first read remembers what exists (On First Poll: Emit Everything emits it, and so does a
 * History From: history.ts), except for a shop that joined the directory later: its first rows are new.
 * All of it is built in memory and saved with the poll (all-or-nothing, state.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { PLAN_RULES, type PlanRules } from '../../../shared/plan';
import { getApiCredentials, knownPlan, type PlanName } from '../../../shared/transport';
import { addDays, dayStartMs, todayIn } from '../../../shared/walk/dateWindows';
import { readDay } from '../../pollTime';
import type { CenterState } from '../../state';
import type { UnitSchedule } from '../../schedule';
import type { CenterDraft, PollRun, ReadResult, ReaderFactory, Target, Unit } from '../../types';
import {
	boundedState,
	CENTER_UNITS,
	changeRecord,
	readChangesState,
	type ChangeRecord,
	type CenterUnit,
	type ChangesState,
	type ShopTables,
} from './changesState';
import { diffListing, DIRECTORY_MS, readListing, SHOPS, shopKey, ZONES } from './directory';
import { readChangesSettings, type ChangesSettings } from './fields';
import { withBackfill } from './history';
import { diffRows, readSales } from './sales';
import { AddedTables } from './tableUnits';
import { diffTickets, readTickets } from './tickets';

/** The slow net runs once a center day, from this hour (center time) on. */
export const NET_HOUR = 3;

/** The month (YYYY-MM) `n` months before that of `date` (YYYY-MM-DD). */
export function monthBefore(date: string, n: number): string {
	const [y, m] = date.split('-').map(Number);
	const i = y * 12 + (m - 1) - n;
	return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

class ChangesDraft implements CenterDraft {
	private readonly now: number;
	readonly today: string;
	readonly state: ChangesState;
	private readonly tables: Set<string>;
	private readonly records: ChangeRecord[] = [];
	private readonly tolerance: number;
	private reads = 0;
	private planOnce?: Promise<PlanName | undefined>;
	private readonly added: AddedTables;

	constructor(
		private readonly run: PollRun,
		private readonly settings: ChangesSettings,
		private readonly target: Target,
		private readonly previous: CenterState | undefined,
	) {
		this.now = run.startedAt.getTime();
		this.today = readDay(run, target);
		this.state = readChangesState(previous?.changes);
		this.tables = new Set(settings.tables);
		// polls do not come exactly on time: a wait within half a poll counts as over (schedule.ts)
		this.tolerance = previous ? Math.max(this.now - Date.parse(previous.at), 0) / 2 : 0;
		const { state, tables, now, today, records } = this;
		this.added = new AddedTables({
			...{ run, target, settings, state, tables, now, today, records },
			waited: (last, waitMs) => this.waited(last, waitMs),
			plan: () => this.plan(),
			rules: () => this.rules(),
			emitFirst: (shop) => this.emitFirst(shop),
			keepFrom: (last) => this.keepFrom(last),
		});
	}

	private waited(last: number | undefined, waitMs: number): boolean {
		return last === undefined || this.now - last + this.tolerance >= waitMs;
	}

	/** The night's slow net is due: past NET_HOUR of the center's day and not run on it yet. */
	private netDue(lastNet: string | undefined): boolean {
		const { zone } = this.target;
		const day = todayIn(zone, this.run.startedAt);
		const hour = (this.now - dayStartMs(day, zone)) / 3_600_000;
		return hour >= NET_HOUR && (lastNet ?? '') < this.today;
	}

	/** The center's plan as known (undefined: not known yet). */
	private plan(): Promise<PlanName | undefined> {
		this.planOnce ??= getApiCredentials(this.run.ctx).then(
			(c) => knownPlan(c.baseUrl, this.target.id) ?? this.previous?.budget?.plan,
		);
		return this.planOnce;
	}

	/** The center's plan's rules as known (a plan not known yet counts as Basic's). */
	async rules(): Promise<PlanRules> {
		return PLAN_RULES[(await this.plan()) ?? 'basic'];
	}

	/** The freshest day the plan gives (Basic: yesterday). */
	async lastDay(): Promise<string> {
		return addDays(this.today, -(await this.rules()).freshestDaysAgo);
	}

	/** A unit's first read emits its rows only with Emit Everything, or for a shop new since. */
	private emitFirst(shop?: ShopTables): boolean {
		return this.run.cfg.firstPoll === 'emitAll' || shop?.n === 1;
	}

	async units(): Promise<Unit[]> {
		const { state, tables } = this;
		const units: Unit[] = [];
		const perShop = tables.has('daily_sales') || tables.has('monthly') || this.added.perShop();
		if ((tables.has('shops') || perShop) && this.waited(state.dir?.at, DIRECTORY_MS))
			units.push({ id: 'shops', sched: state.sched.shops });
		if (tables.has('tickets')) units.push({ id: 'tickets', sched: state.sched.tickets });
		const zones = tables.has('zones') || tables.has('attendance');
		if (zones && this.waited(state.zones?.at, DIRECTORY_MS))
			units.push({ id: 'zones', sched: state.sched.zones });
		units.push(...(await this.added.centerUnits()));
		const bound = this.run.cfg.quietMaxWaitMs;
		for (const id of Object.keys(state.dir?.rows ?? {})) {
			const t = state.shops[id] ?? {};
			if (tables.has('daily_sales') && (!t.ds || this.waited(t.ds.read, bound)))
				units.push({ id: `d:${id}`, sched: t.ds });
			// without the daily table no day tells a month changed: its months at the bound
			const signalled = tables.has('daily_sales') ? !!t.mp?.length : true;
			if (
				tables.has('monthly') &&
				(!t.ms || this.netDue(t.mn) || (signalled && this.waited(t.ms.read, bound)))
			)
				units.push({ id: `m:${id}`, sched: t.ms });
			units.push(...this.added.shopUnits(id, t));
		}
		return units;
	}

	/** A shop's unit whose shop left the directory earlier in this poll: not read. */
	private gone(unit: Unit): boolean {
		return unit.id.includes(':') && !this.state.dir?.rows[unit.id.slice(2)];
	}

	async read(unit: Unit): Promise<ReadResult> {
		let result: ReadResult;
		if (this.gone(unit)) return { news: false };
		if (unit.id === 'shops') result = await this.readDirectory();
		else if (unit.id === 'tickets') result = await this.readTicketsUnit();
		else if (unit.id === 'zones') result = await this.readZones();
		else if (this.added.owns(unit)) result = await this.added.read(unit);
		else if (unit.id.startsWith('d:')) result = await this.readDailyUnit(unit.id.slice(2));
		else result = await this.readMonthlyUnit(unit.id.slice(2));
		this.reads++;
		return result;
	}

	private async readDirectory(): Promise<ReadResult> {
		const { state, target } = this;
		const list = await readListing(SHOPS, this.run, target);
		const known = state.dir?.rows;
		const diff = diffListing(SHOPS, target.id, list, known, !!known || this.emitFirst());
		for (const id of Object.keys(state.shops))
			if (!diff.rows[id]) {
				this.added.shopGone(id);
				delete state.shops[id];
			}
		if (known) for (const id of Object.keys(diff.rows)) if (!known[id]) state.shops[id] = { n: 1 };
		state.dir = { at: this.now, rows: diff.rows };
		if (this.tables.has('shops')) this.records.push(...diff.records);
		return { news: diff.news };
	}

	private async readZones(): Promise<ReadResult> {
		const { state, target } = this;
		const list = await readListing(ZONES, this.run, target);
		const known = state.zones?.rows;
		const diff = diffListing(ZONES, target.id, list, known, !!known || this.emitFirst());
		state.zones = { at: this.now, rows: diff.rows };
		if (this.tables.has('zones')) this.records.push(...diff.records);
		return { news: diff.news };
	}

	private async readTicketsUnit(): Promise<ReadResult> {
		const { state } = this;
		const rows = await readTickets(this.run, this.target, this.today, this.settings.ticketDays);
		const before = state.tickets;
		const diff = diffTickets(this.target.id, rows, before, !!before || this.emitFirst());
		state.tickets = diff.seen;
		this.records.push(...diff.records);
		return { news: !!before && diff.news, lastMs: diff.lastMs };
	}

	/** The oldest day any daily read covers: hashes before it are dropped. */
	private keepFrom(last: string): string {
		const net = addDays(this.today, -this.run.cfg.lookbackDays);
		const recent = addDays(last, -1);
		return net < recent ? net : recent;
	}

	private async readDailyUnit(shopId: string): Promise<ReadResult> {
		const { run, target } = this;
		const t: ShopTables = Object.assign({}, this.state.shops[shopId]);
		const last = await this.lastDay();
		// every read covers the Lookback days (one request either way: a page holds 366 days), so that
		// a day restated by a receipt that arrived late is emitted within the bound, not by a night's net
		const keepFrom = this.keepFrom(last);
		const rows = await readSales('daily_sales', run, target, shopId, keepFrom, last);
		const emit = !!t.ds || this.emitFirst(t);
		const diff = diffRows('daily_sales', shopKey(target.id, shopId), rows, t.d, emit, keepFrom);
		t.d = diff.hashes;
		if (this.tables.has('monthly') && diff.months.length)
			t.mp = [...new Set([...(t.mp ?? []), ...diff.months])].sort();
		this.state.shops[shopId] = t;
		this.records.push(...diff.records);
		return { news: diff.news && !!t.ds };
	}

	private async readMonthlyUnit(shopId: string): Promise<ReadResult> {
		const { run, target } = this;
		const t: ShopTables = Object.assign({}, this.state.shops[shopId]);
		const last = await this.lastDay();
		const net = !t.ms || this.netDue(t.mn);
		const months = new Set(t.mp ?? []);
		months.add(last.slice(0, 7));
		if (net) months.add(monthBefore(last, 1));
		// the plan's period of one request (Lookback ≤ 30 days never marks a month before it)
		const earliest = monthBefore(last, (await this.rules()).monthlyWindowMonths - 1);
		const wanted = [...months].sort()[0];
		const first = wanted < earliest ? earliest : wanted;
		const rows = await readSales('monthly', run, target, shopId, `${first}-01`, last);
		const emit = !!t.ms || this.emitFirst(t);
		const keep = monthBefore(this.keepFrom(last), 1);
		const diff = diffRows('monthly', shopKey(target.id, shopId), rows, t.m, emit, keep);
		t.m = diff.hashes;
		delete t.mp;
		if (net) t.mn = this.today;
		this.state.shops[shopId] = t;
		this.records.push(...diff.records);
		return { news: diff.news && !!t.ms };
	}

	schedule(unit: Unit, next: UnitSchedule): void {
		const { state } = this;
		if ((CENTER_UNITS as readonly string[]).includes(unit.id))
			state.sched[unit.id as CenterUnit] = next;
		else if (!this.gone(unit)) {
			const t = (state.shops[unit.id.slice(2)] ??= {});
			if (unit.id.startsWith('d:')) t.ds = next;
			else if (unit.id.startsWith('m:')) t.ms = next;
			else this.added.schedule(unit, t, next);
			const read = (table: string, s?: UnitSchedule) => !!s || !this.tables.has(table);
			if (read('daily_sales', t.ds) && read('monthly', t.ms) && this.added.shopRead(t)) delete t.n;
		}
	}

	finish(): CenterState | undefined {
		if (this.reads === 0) return this.previous;
		return {
			day: this.today,
			at: this.run.startedAt.toISOString(),
			changes: boundedState(this.state),
		};
	}

	found(): IDataObject[] {
		return this.records;
	}
}

export const centerChangesReader: ReaderFactory = (ctx) => {
	const settings = readChangesSettings(ctx);
	return {
		begin: (run, target, previous) =>
			withBackfill(run, target, settings, (r) => new ChangesDraft(r, settings, target, previous)),
		/** Manual mode: the center's first shop, as an upsert of the shops table. */
		async latest(run, target) {
			const [row] = await readListing(SHOPS, run, target);
			return row && changeRecord('shops', shopKey(target.id, String(row.id)), 'upsert', row);
		},
	};
};
