/**
 * Shopping Center Trigger, Center Changes, the tables added after the first five (attendance, cash
 * registers, turnover settings, passes, anomalies, receipts), through n8n-core's PollContext (test/harness
 * runPoll) against the sandbox over real HTTP, time from the sandbox's clock: each table's first read
 * remembers; then a day counted again, a register that printed, a shop closed, a pass and an anomaly
 * created, receipts that arrived late: each an upsert or a delete once, its row what the API shows; a
 * table the plan does not have is skipped and said once; a failed poll saves nothing.
 */
import type { INodeParameters } from 'n8n-workflow';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import type { RunPollResult } from '../../harness';
import {
	BASIC,
	lastSeq,
	now,
	ok,
	PRO,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';
import {
	apiRows as api,
	changes,
	expectFailedPollSavesNothing,
	expectNoRepeats,
	keyText,
	latestDate,
	of,
	pollEvery as pollFor,
	requestsSince,
} from '../../helpers/center-changes';

useTriggerSandbox();

const MIN = 60_000;
const ZONE = 'Asia/Yekaterinburg';

const params = (tables: string[], extra: INodeParameters = {}): INodeParameters => ({
	event: 'centerChanges',
	centerScope: 'selected',
	centerIds: [PRO],
	centerTables: tables,
	...extra,
});

/** Two polls a minute apart: the first reads the center-wide lists, the second what waits for them. */
async function baseline(p: INodeParameters) {
	await sandbox();
	const first = await ok(p);
	sb.clock.advance(MIN);
	const second = await ok(p, { staticData: first.staticData });
	return { first, second, state: second.staticData };
}

/** A daily value of the center (zone null) or a zone, as the intake stores one submitted now. */
function putAttendance(zone: string | null, date: string, visitors: number): void {
	sb.intake.putAttendance({
		center_id: PRO,
		date,
		scope: zone ? 'zone' : 'sc',
		zone_id: zone,
		visitors,
		submitted_at: now().toISOString(),
	});
}

describe('Center Changes: attendance', () => {
	test('first poll remembers; a day counted again is one upsert keyed (sc_id, zone_id, date), zone 0 the center; an older day within Lookback too, within the bound; nothing twice', async () => {
		const p = params(['attendance']);
		await sandbox();
		const seq0 = lastSeq();
		const first = await ok(p);
		expect(first.items).toBeNull();
		expect(requestsSince(seq0)['attendance.read']).toBeUndefined(); // the zones first
		const zones = await api(PRO, '/traffic/zones');
		sb.clock.advance(MIN);
		const seq1 = lastSeq();
		const second = await ok(p, { staticData: first.staticData });
		expect(second.items).toBeNull();
		// the center and each zone: one request each
		expect(requestsSince(seq1)['attendance.read']).toBe(1 + zones.length);

		const today = todayIn(ZONE, now());
		const zoneId = String(zones[2].id);
		putAttendance(null, addDays(today, -1), 4321);
		putAttendance(zoneId, addDays(today, -2), 321);
		// 14:01 → 15:21 in Yekaterinburg, a poll every 20 minutes: the bound (60 minutes) and a poll;
		// every read covers the Lookback days, so both days come within it
		const soon = await pollFor(p, second.staticData, 80, 20);
		const restated = soon.all.filter((c) => c.key.date !== today);
		expect(restated.map((c) => c.key.date).sort()).toEqual([
			addDays(today, -2),
			addDays(today, -1),
		]);
		// → next day 05:01: the night reads nothing of them again
		const later = await pollFor(p, soon.state, 15 * 60 - 80, 20);
		const all = [...soon.all, ...later.all];
		const yesterday = all.filter((c) => c.key.date === addDays(today, -1));
		const older = all.filter((c) => c.key.date === addDays(today, -2));
		expect(yesterday).toEqual([
			{
				event: 'centerChanges',
				sc_id: PRO,
				table: 'attendance',
				key: { sc_id: PRO, zone_id: 0, date: addDays(today, -1) },
				op: 'upsert',
				row: { date: addDays(today, -1), visitors_in: 4321, visitors_out: 4321 },
			},
		]);
		expect(older.map((c) => [c.key, c.row.visitors_in])).toEqual([
			[{ sc_id: PRO, zone_id: Number(zoneId), date: addDays(today, -2) }, 321],
		]);
		expect(all.every((c) => c.table === 'attendance' && c.op === 'upsert')).toBe(true);
		expectNoRepeats(all);
	});

	test('a Basic center: the center’s rows only (attendance by zone is PRO), said once, no error', async () => {
		const p = params(['attendance'], { centerIds: [BASIC], firstPoll: 'emitAll' });
		const { first, second, state } = await baseline(p);
		const rows = of(changes(second), 'attendance');
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.every((c) => c.key.zone_id === 0 && c.key.sc_id === BASIC)).toBe(true);
		// yesterday is Basic's freshest day
		const yesterday = addDays(todayIn('Europe/Moscow', now()), -1);
		expect(latestDate(rows)).toBe(yesterday);
		expect(of(changes(first), 'zones')).toEqual([]); // the zones are read, not emitted
		const said = (r: RunPollResult) =>
			r.logs.filter((l) => /has no attendance by zone \(PRO\): skipped/.test(l.message)).length;
		const later = await pollFor(p, state, 120, 30);
		expect(said(second)).toBe(1);
		expect(later.all.filter((c) => c.key.zone_id !== 0)).toEqual([]);
	});
});

describe('Center Changes: cash registers and turnover settings', () => {
	const tables = ['cash_registers', 'turnover_settings'];

	test('Emit Everything: each shop’s registers and settings as the API shows them; a register that printed is one upsert at the next read (4 hours); a shop closed: a delete of each of its rows, once', async () => {
		const p = params(tables, { firstPoll: 'emitAll' });
		const { second, state } = await baseline(p);
		const shop = '1002-02';
		const registers = await api(PRO, `/shops/${shop}/kkts`);
		const settings = await api(PRO, `/shops/${shop}/turnover/settings`);
		const mine = changes(second).filter((c) => c.key.shop_id === shop);
		expect(of(mine, 'cash_registers')).toEqual(
			registers
				.filter((k) => !k.is_archived)
				.map((k) =>
					expect.objectContaining({
						key: { sc_id: PRO, shop_id: shop, register_id: k.id },
						op: 'upsert',
						row: k,
					}),
				),
		);
		expect(of(mine, 'turnover_settings')).toEqual([
			expect.objectContaining({ key: { sc_id: PRO, shop_id: shop }, op: 'upsert', row: settings }),
		]);
		// a receipt printed on one register changes its row; the shop 1002-03 closes
		sb.store.insert('receipt', PRO, 1, now(), { shop_id: shop, created_ago_s: 60 });
		sb.store.setShopArchived(PRO, '1002-03', true);
		const seq = lastSeq();
		const early = await pollFor(p, state, 60, 30);
		expect(early.all).toEqual([]);
		const later = await pollFor(p, early.state, 4 * 60, 30);
		const printed = of(later.all, 'cash_registers').filter(
			(c) => c.key.shop_id === shop && c.op === 'upsert',
		);
		expect(printed.length).toBeGreaterThanOrEqual(1);
		// a register of the shop, its row changed since the baseline (its last document moves on)
		for (const c of printed) {
			expect(registers.map((k) => k.id)).toContain(c.key.register_id);
			expect(registers).not.toContainEqual(c.row);
		}
		const closed = later.all.filter((c) => c.key.shop_id === '1002-03');
		expect(closed.length).toBeGreaterThan(0);
		expect(closed.every((c) => c.op === 'delete')).toBe(true);
		expect(of(closed, 'turnover_settings')).toEqual([
			expect.objectContaining({ key: { sc_id: PRO, shop_id: '1002-03' }, op: 'delete' }),
		]);
		expectNoRepeats(later.all);
		// each shop's two tables: two requests a read, every 4 hours
		const r = requestsSince(seq);
		expect(r.kkts).toBeLessThanOrEqual(11 * 2);
		expect(r['turnover.settings']).toBe(r.kkts);
		// nothing more: the next read emits nothing already emitted
		const after = await pollFor(p, later.state, 4 * 60 + 30, 30);
		expect(after.all.filter((c) => c.key.shop_id === '1002-03')).toEqual([]);
	});
});

describe('Center Changes: passes and anomalies', () => {
	const tables = ['passes', 'anomalies'];

	test('first poll remembers; a pass and an anomaly created: one upsert each, keyed as the API gives; nothing twice', async () => {
		const p = params(tables);
		const { first, second, state } = await baseline(p);
		expect(first.items).toBeNull();
		expect(second.items).toBeNull();
		const [passId] = sb.store.insert('pass', PRO, 1, now());
		const [anomalyId] = sb.store.insert('anomaly', PRO, 1, now());
		const { all } = await pollFor(p, state, 70, 5);
		const pass = of(all, 'passes').filter((c) => String(c.key.pass_id) === passId);
		expect(pass).toHaveLength(1);
		expect(pass[0].row.id).toBe(pass[0].key.pass_id);
		const anomaly = of(all, 'anomalies').filter((c) => String(c.key.anomaly_id) === anomalyId);
		expect(anomaly).toHaveLength(1);
		const listed = await api(
			PRO,
			`/anomalies?start_date=${todayIn(ZONE, now())}&end_date=${todayIn(ZONE, now())}&per_page=500`,
		);
		expect(listed).toContainEqual(anomaly[0].row);
		expect(all.every((c) => c.op === 'upsert')).toBe(true);
		expectNoRepeats(all);
	});

	test('a Basic center: anomalies and receipts are skipped (PRO) and said, passes read; no error', async () => {
		const p = params([...tables, 'receipts'], { centerIds: [BASIC], firstPoll: 'emitAll' });
		await sandbox();
		const seq = lastSeq();
		const first = await ok(p);
		expect(of(changes(first), 'passes').length).toBeGreaterThan(0);
		expect(of(changes(first), 'anomalies')).toEqual([]);
		const said = first.logs.filter((l) => /has no anomalies \(PRO\): skipped/.test(l.message));
		expect(said).toHaveLength(1);
		sb.clock.advance(MIN);
		const second = await ok(p, { staticData: first.staticData });
		const receipts = /has no anomalies and receipts \(PRO\): skipped/;
		expect(second.logs.filter((l) => receipts.test(l.message))).toHaveLength(1);
		const more = await pollFor(p, second.staticData, 30, 5);
		expect(of([...changes(second), ...more.all], 'anomalies')).toEqual([]);
		expect(of([...changes(second), ...more.all], 'receipts')).toEqual([]);
		// at most the one refused request that taught the plan; no receipt read
		expect(requestsSince(seq).anomalies ?? 0).toBeLessThanOrEqual(1);
		expect(requestsSince(seq).receipts).toBeUndefined();
	});
});

describe('Center Changes: receipts', () => {
	test('first poll remembers; receipts that arrive late: one upsert each keyed by receipt id, the row New Receipt emits; nothing twice; a failed poll saves nothing', async () => {
		const p = params(['receipts']);
		const { state } = await baseline(p);
		const today = todayIn(ZONE, now());
		const ids = sb.store.insert('receipt', PRO, 2, now(), {
			shop_id: '1002-02',
			date: addDays(today, -1),
		});
		// a quiet shop is read at least every Read Quiet Tables at Least Every (60 minutes)
		sb.clock.advance(61 * MIN);
		await expectFailedPollSavesNothing(p, state, 'receipts');
		const r = await ok(p, { staticData: state });
		const rest = await pollFor(p, r.staticData, 90, 5);
		const all = [...changes(r), ...rest.all];
		const mine = of(all, 'receipts').filter((c) => ids.includes(String(c.key.receipt_id)));
		expect(mine.map((c) => String(c.key.receipt_id)).sort()).toEqual([...ids].sort());
		expect(mine.every((c) => c.op === 'upsert' && c.key.sc_id === PRO)).toBe(true);
		expect(mine.every((c) => c.row.id === c.key.receipt_id && c.row.shop_id === '1002-02')).toBe(
			true,
		);
		expectNoRepeats(all);
		expect(new Set(of(all, 'receipts').map(keyText)).size).toBe(of(all, 'receipts').length);
	});
});

describe('Center Changes: a failed poll', () => {
	test('saves nothing: the day counted again comes with the next poll, once', async () => {
		const p = params(['attendance', 'passes']);
		const { state } = await baseline(p);
		const today = todayIn(ZONE, now());
		putAttendance(null, addDays(today, -1), 777);
		sb.clock.advance(61 * MIN);
		await expectFailedPollSavesNothing(p, state, 'attendance.read');
		const r = await ok(p, { staticData: state });
		const counted = (x: RunPollResult) =>
			of(changes(x), 'attendance').filter(
				(c) => c.key.zone_id === 0 && c.key.date === addDays(today, -1),
			);
		expect(counted(r).map((c) => c.row.visitors_in)).toEqual([777]);
		sb.clock.advance(61 * MIN);
		expect(counted(await ok(p, { staticData: r.staticData }))).toEqual([]);
	});
});
