/**
 * Center Changes, the units of the tables added after the first five: attendance (one center unit:
 * the center and its counting zones, as a shop's daily rows are read), passes and anomalies (one
 * center unit each, as the tickets), a shop's cash registers and turnover settings (one shop unit
 * `x:<shop>`, every DIRECTORY_MS) and its receipts (one shop unit `r:<shop>`, as New Receipt reads a
 * shop). The draft (reader.ts) lists them, reads them and records their schedules through this class.
 * A table the center's plan does not have (anomalies, receipts, attendance by zone: PRO) is skipped
 * and said once in n8n's log, not an error.
 */
import type { PlanRules } from '../../../shared/plan';
import { asNodeError, errorShape, type PlanName } from '../../../shared/transport';
import { addDays } from '../../../shared/walk/dateWindows';
import { firstNotice, nodeKey } from '../../memory';
import type { UnitSchedule } from '../../schedule';
import type { PollRun, ReadResult, Target, Unit } from '../../types';
import { CENTER_ZONE, readAttendanceTable } from './attendance';
import type { ChangeRecord, ChangesState, ShopTables, Table } from './changesState';
import { DIRECTORY_MS } from './directory';
import type { ChangesSettings } from './fields';
import { ANOMALIES, diffList, PASSES, readList } from './lists';
import { readReceipts } from './receipts';
import { diffShopDirectory, readShopDirectory, shopGoneRecords } from './registers';

/** What the draft lends the added tables: its poll, its state and its rules of time. */
export interface DraftView {
	run: PollRun;
	target: Target;
	state: ChangesState;
	tables: ReadonlySet<string>;
	settings: ChangesSettings;
	now: number;
	today: string;
	records: ChangeRecord[];
	waited(last: number | undefined, waitMs: number): boolean;
	plan(): Promise<PlanName | undefined>;
	rules(): Promise<PlanRules>;
	emitFirst(shop?: ShopTables): boolean;
	keepFrom(last: string): string;
}

const CENTER_IDS = ['attendance', 'passes', 'anomalies'];

export class AddedTables {
	private receiptsAllowed = false;

	constructor(private readonly d: DraftView) {}

	private has(table: Table): boolean {
		return this.d.tables.has(table);
	}

	/** A shop's directory-like tables are picked (cash registers, turnover settings). */
	private shopDirectory(): boolean {
		return this.has('cash_registers') || this.has('turnover_settings');
	}

	/** The added tables read shop by shop (the directory is read for them). */
	perShop(): boolean {
		return this.shopDirectory() || this.has('receipts');
	}

	/** Said once per node and center: the plan has no `what`, the table is skipped. */
	private skip(what: string): ReadResult {
		const notice = `Shopping Center Trigger (Center Changes): center ${this.d.target.id}'s plan (Basic) has no ${what} (PRO): skipped`;
		if (firstNotice(nodeKey(this.d.run.ctx), notice)) this.d.run.ctx.logger.info(notice);
		return { news: false };
	}

	/** A plan known as Basic skips the PRO tables before any request. */
	async centerUnits(): Promise<Unit[]> {
		const { state, tables } = this.d;
		const basic = (await this.d.plan()) === 'basic';
		const pro = ['anomalies', 'receipts'].filter((table) => tables.has(table));
		if (basic && pro.length) this.skip(pro.join(' and '));
		this.receiptsAllowed = tables.has('receipts') && !basic;
		const units: Unit[] = [];
		const bound = this.d.run.cfg.quietMaxWaitMs;
		const att = state.sched.attendance;
		// the zones are read first: attendance is read from the next poll on
		if (tables.has('attendance') && state.zones && (!state.att || this.d.waited(att?.read, bound)))
			units.push({ id: 'attendance', sched: att });
		if (tables.has('passes')) units.push({ id: 'passes', sched: state.sched.passes });
		if (tables.has('anomalies') && !basic)
			units.push({ id: 'anomalies', sched: state.sched.anomalies });
		return units;
	}

	shopUnits(shopId: string, t: ShopTables): Unit[] {
		const units: Unit[] = [];
		if (this.shopDirectory() && this.d.waited(t.xr, DIRECTORY_MS))
			units.push({ id: `x:${shopId}`, sched: t.xs });
		if (this.receiptsAllowed) units.push({ id: `r:${shopId}`, sched: t.r?.sched });
		return units;
	}

	owns(unit: Unit): boolean {
		return CENTER_IDS.includes(unit.id) || /^[xr]:/.test(unit.id);
	}

	async read(unit: Unit): Promise<ReadResult> {
		try {
			if (unit.id === 'attendance') return await this.readAttendanceUnit();
			if (unit.id === 'passes' || unit.id === 'anomalies') return await this.readListUnit(unit.id);
			if (unit.id.startsWith('x:')) return await this.readShopDirectoryUnit(unit.id.slice(2));
			return await this.readReceiptsUnit(unit.id.slice(2));
		} catch (error) {
			if (errorShape(error).code !== 'plan_required')
				throw asNodeError(this.d.run.ctx.getNode(), error);
			return this.skip(unit.id === 'anomalies' ? 'anomalies' : 'receipts');
		}
	}

	private async readAttendanceUnit(): Promise<ReadResult> {
		const { state } = this.d;
		const rules = await this.d.rules();
		const last = addDays(this.d.today, -rules.freshestDaysAgo);
		// the Lookback days every time, as a shop's daily rows (one request a zone either way)
		const keepFrom = this.d.keepFrom(last);
		const zones = Object.keys(state.zones?.rows ?? {});
		if (zones.length && !rules.detailedAttendance) this.skip('attendance by zone');
		const before = state.att;
		const read = await readAttendanceTable(this.d.run, this.d.target, before, {
			zones: [CENTER_ZONE, ...(rules.detailedAttendance ? zones : [])],
			start: keepFrom,
			end: last,
			keepFrom,
			emitNew: !!before || this.d.emitFirst(),
		});
		state.att = read.hashes;
		this.d.records.push(...read.records);
		return { news: read.news && !!before };
	}

	private async readListUnit(table: 'passes' | 'anomalies'): Promise<ReadResult> {
		const { state, run, target } = this.d;
		const list = table === 'passes' ? PASSES : ANOMALIES;
		const rows = await readList(list, run, target, this.d.today, this.d.settings.listDays);
		const before = state[table];
		const diff = diffList(list, target.id, rows, before, !!before || this.d.emitFirst());
		state[table] = diff.seen;
		this.d.records.push(...diff.records);
		return { news: !!before && diff.news, lastMs: diff.lastMs };
	}

	private async readShopDirectoryUnit(shopId: string): Promise<ReadResult> {
		const { state, run, target } = this.d;
		const t: ShopTables = Object.assign({}, state.shops[shopId]);
		const rows = await readShopDirectory(run, target, shopId, {
			registers: this.has('cash_registers'),
			settings: this.has('turnover_settings'),
		});
		const before = t.x;
		const diff = diffShopDirectory(
			target.id,
			shopId,
			rows,
			before,
			!!before || this.d.emitFirst(t),
		);
		t.x = diff.hashes;
		t.xr = this.d.now;
		state.shops[shopId] = t;
		this.d.records.push(...diff.records);
		return { news: diff.news && !!before };
	}

	private async readReceiptsUnit(shopId: string): Promise<ReadResult> {
		const { state, run, target } = this.d;
		const t: ShopTables = Object.assign({}, state.shops[shopId]);
		const before = t.r;
		const emit = !!before || this.d.emitFirst(t);
		const read = await readReceipts(run, target, shopId, before, this.d.today, emit);
		t.r = read.cursor;
		if (before?.sched) t.r.sched = before.sched;
		state.shops[shopId] = t;
		this.d.records.push(...read.records);
		return { news: read.news && !!before, lastMs: read.lastMs };
	}

	/** A shop unit's schedule (`x:` or `r:`). */
	schedule(unit: Unit, t: ShopTables, next: UnitSchedule): void {
		if (unit.id.startsWith('x:')) t.xs = next;
		else if (t.r) t.r.sched = next;
	}

	/** The shop's added directory-like unit was read once (or is not picked). */
	shopRead(t: ShopTables): boolean {
		return !!t.xs || !this.shopDirectory();
	}

	/** A shop gone from the directory: a delete of each of its registers and its settings. */
	shopGone(shopId: string): void {
		const kept = this.d.state.shops[shopId]?.x;
		this.d.records.push(...shopGoneRecords(this.d.target.id, shopId, kept));
	}
}
