/**
 * Tickets and passes: selection rules, statuses over time, explicit status changes, archived records,
 * ticket numbers, passes issued in advance (found by active period, not by creation period), passes
 * without ticket, inserted records, truth.
 */
import { BASIC_CENTER, PRO_CENTER, SECOND_KEY_CENTER } from '../fixtures/centers';
import { call, expectError, NOW, walk, world, type Rows, type World } from './support/data-context';

const DAY = 86_400_000;
const TICKET_FIELDS = [
	'ticket_uid',
	'title',
	'status',
	'archived',
	'work_period',
	'text',
	'created_at',
	'resolution_created_at',
	'begin_time',
	'end_time',
	'ticket_type',
	'has_passes',
	'parameters',
	'sell_location',
	'arendator',
	'author',
	'custom_fields',
	'agreement_comments',
];
const PASS_FIELDS = [
	'id',
	'status',
	'pass_type',
	'person',
	'vehicle',
	'ticket_uid',
	'created_at',
	'valid_from',
	'valid_to',
	'permanent',
	'work_period',
	'author',
	'tags',
];
const DECIDED = ['agreed', 'agreed_with_conditions', 'rejected'];
const at = (ms: number, w = world()): World => ({ ...w, now: new Date(ms) });
const tickets = (w: World, q: Record<string, string | string[]>, center = PRO_CENTER) =>
	walk(w, 'tickets', center, q, {}, 100);
const passes = (w: World, q: Record<string, string | string[]>, center = PRO_CENTER) =>
	walk(w, 'passes', center, q, {}, 100);
/** A pass follows its ticket: open → pending, rejected → rejected, revoked → cancelled, agreed → approved (expired after valid_to). */
const passStatusesFor = (ticketStatus: string): string[] =>
	['new_request', 'in_progress'].includes(ticketStatus)
		? ['pending']
		: ticketStatus === 'rejected'
			? ['rejected']
			: ticketStatus === 'revoked'
				? ['cancelled']
				: ['approved', 'expired'];
const uids = (n: number) => Array.from({ length: n }, (_, i) => String(100000 + i));

describe.each(['tickets', 'passes'] as const)('%s: selection rules', (route) => {
	const w = world();
	const q = { start_created_date: '2026-11-01', end_created_date: '2026-11-20' };
	const run = (query: Record<string, string | string[]>) => call(w, route, PRO_CENTER, query);
	test('neither a pair nor ticket_uids: 422', () => {
		expectError(() => run({}), 422, 'validation_error', 'start_created_date');
		expectError(() => run({ statuses: ['agreed'] }), 422, 'validation_error');
	});
	test('half a pair: 422 naming the missing field', () => {
		expectError(
			() => run({ start_created_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_created_date',
		);
		expectError(
			() => run({ end_active_date: '2026-11-01' }),
			422,
			'validation_error',
			'start_active_date',
		);
	});
	test('two pairs: 422', () => {
		expectError(
			() => run({ ...q, start_active_date: '2026-11-01', end_active_date: '2026-11-02' }),
			422,
			'validation_error',
		);
	});
	test('unknown status: 422; per_page above 100: 422; default 50', () => {
		expectError(
			() => run({ ...q, statuses: ['agreed', 'banana'] }),
			422,
			'validation_error',
			'statuses',
		);
		expectError(() => run({ ...q, per_page: '101' }), 422, 'validation_error', 'per_page');
		expect(run(q).meta.pagination.per_page).toBe(50);
		expect(run(q).meta.time_zone).toBe('Asia/Yekaterinburg');
	});
	test('ticket_uids: a limit of numbers; non-numbers rejected; unknown ones ignored', () => {
		const max = route === 'tickets' ? 100 : 500;
		expect(run({ ticket_uids: uids(max) }).data).toEqual([]);
		expectError(() => run({ ticket_uids: uids(max + 1) }), 422, 'validation_error', 'ticket_uids');
		expectError(() => run({ ticket_uids: ['12a'] }), 422, 'validation_error', 'ticket_uids');
	});
	test('no period or freshness limit; any plan', () => {
		expect(
			run({ start_created_date: '2020-01-01', end_created_date: '2030-12-31', per_page: '1' }).meta
				.pagination.total,
		).toBeGreaterThan(1000);
		expect(call(w, route, BASIC_CENTER, q).meta.pagination.total).toBeGreaterThan(0);
		expect(call(w, route, SECOND_KEY_CENTER, q).meta.pagination.total).toBeGreaterThan(0);
	});
});

describe('tickets: rows', () => {
	const w = world();
	const rows = tickets(w, { start_created_date: '2026-01-01', end_created_date: '2026-11-20' });

	test('exactly the spec fields, nested shapes included', () => {
		expect(rows.length).toBeGreaterThan(300);
		for (const t of rows) {
			expect(Object.keys(t)).toEqual(TICKET_FIELDS);
			expect(t.ticket_uid).toMatch(/^\d+$/);
			expect(Object.keys(t.ticket_type)).toEqual(['id', 'title', 'analytics_key', 'children']);
			for (const p of t.parameters) {
				expect(Object.keys(p)).toEqual(['id', 'title', 'analytics_key', 'values']);
				for (const v of p.values) expect(Object.keys(v)).toEqual(['id', 'title', 'analytics_key']);
			}
			for (const c of t.custom_fields)
				expect(Object.keys(c)).toEqual(['id', 'title', 'field_type', 'value', 'selected_options']);
			expect(t.custom_fields.find((c: Rows[number]) => c.field_type === 'file').value).toBeNull();
			expect(
				t.custom_fields.find((c: Rows[number]) => c.field_type === 'radiobutton_with_options')
					.selected_options,
			).toHaveLength(1);
			for (const c of t.agreement_comments)
				expect(Object.keys(c)).toEqual(['id', 'body', 'created_at']);
			if (t.author)
				expect(Object.keys(t.author)).toEqual(['id', 'name', 'email', 'mall_staff', 'phone']);
			if (t.arendator) expect(Object.keys(t.arendator)).toEqual(['id', 'legal_name', 'inn']);
			expect(t.created_at).toMatch(/\+05:00$/);
		}
	});
	test('variety: every status, archived ones, empty parameter values, null children, nulls where allowed', () => {
		expect(new Set(rows.map((t) => t.status))).toEqual(
			new Set([
				'new_request',
				'in_progress',
				'agreed',
				'agreed_with_conditions',
				'revoked',
				'rejected',
			]),
		);
		expect(rows.some((t) => t.archived)).toBe(true);
		expect(rows.some((t) => t.parameters.some((p: Rows[number]) => p.values.length === 0))).toBe(
			true,
		);
		expect(
			rows.some((t) => t.ticket_type.children === null) &&
				rows.some((t) => t.ticket_type.children !== null),
		).toBe(true);
		for (const f of ['sell_location', 'arendator', 'author', 'begin_time', 'resolution_created_at'])
			expect(rows.some((t) => t[f] === null)).toBe(true);
		expect(rows.some((t) => t.has_passes) && rows.some((t) => !t.has_passes)).toBe(true);
	});
	test('resolution_created_at is set exactly for decided tickets; conditions carry comments', () => {
		for (const t of rows) {
			expect(t.resolution_created_at !== null).toBe(DECIDED.includes(t.status));
			if (t.resolution_created_at)
				expect(Date.parse(t.resolution_created_at)).toBeGreaterThan(Date.parse(t.created_at));
			if (t.status === 'agreed_with_conditions')
				expect(t.agreement_comments.length).toBeGreaterThan(0);
		}
	});
	test('newest first by created_at, then ticket_uid', () => {
		for (let i = 1; i < rows.length; i++) {
			const d = Date.parse(rows[i - 1].created_at) - Date.parse(rows[i].created_at);
			expect(d > 0 || (d === 0 && rows[i - 1].ticket_uid > rows[i].ticket_uid)).toBe(true);
		}
	});
	test('statuses[] filters, and leaves archived tickets out; without it archived ones are included', () => {
		const agreed = tickets(w, {
			start_created_date: '2026-01-01',
			end_created_date: '2026-11-20',
			statuses: ['agreed'],
		});
		expect(agreed.length).toBeGreaterThan(0);
		expect(agreed.every((t) => t.status === 'agreed' && !t.archived)).toBe(true);
		expect(agreed.map((t) => t.ticket_uid)).toEqual(
			rows.filter((t) => t.status === 'agreed' && !t.archived).map((t) => t.ticket_uid),
		);
		const two = tickets(w, {
			start_created_date: '2026-01-01',
			end_created_date: '2026-11-20',
			statuses: 'new_request,in_progress',
		});
		expect(two.every((t) => ['new_request', 'in_progress'].includes(t.status))).toBe(true);
	});
	test('ticket_uids: known ones found, unknown ignored; with a period, the intersection', () => {
		const picked = [rows[0].ticket_uid, rows[10].ticket_uid, '999999999'];
		expect(tickets(w, { ticket_uids: picked }).map((t) => t.ticket_uid)).toEqual(
			picked.slice(0, 2),
		);
		expect(
			tickets(w, {
				ticket_uids: picked,
				start_created_date: rows[10].created_at.slice(0, 10),
				end_created_date: rows[10].created_at.slice(0, 10),
			}).map((t) => t.ticket_uid),
		).toEqual([rows[10].ticket_uid]);
	});
	test('active period: validity overlapping the period; tickets issued in advance are not found by creation period', () => {
		const active = tickets(w, { start_active_date: '2026-12-01', end_active_date: '2026-12-10' });
		expect(active.length).toBeGreaterThan(0);
		for (const t of active) {
			expect(Date.parse(t.begin_time)).toBeLessThan(Date.parse('2026-12-11T00:00:00+05:00'));
			expect(Date.parse(t.end_time)).toBeGreaterThanOrEqual(
				Date.parse('2026-12-01T00:00:00+05:00'),
			);
		}
		expect(
			tickets(w, { start_created_date: '2026-12-01', end_created_date: '2026-12-10' }),
		).toEqual([]);
	});
	test('truth equals a full walk', () => {
		const truth = w.store.truth(
			'tickets',
			{ sc_id: PRO_CENTER, start_date: '2026-01-01', end_date: '2026-11-20' },
			NOW,
		);
		expect(truth.ids).toEqual(rows.map((t) => t.ticket_uid));
		expect(
			w.store.truth(
				'tickets',
				{ sc_id: PRO_CENTER, start_date: '2026-01-01', end_date: '2026-11-20', statuses: 'agreed' },
				NOW,
			).count,
		).toBe(rows.filter((t) => t.status === 'agreed' && !t.archived).length);
	});
});

describe('tickets over time', () => {
	const q = { start_created_date: '2026-11-18', end_created_date: '2026-11-20' };
	test('the status at now comes from the history: open tickets get decided as the clock advances', () => {
		const open = tickets(world(), q).filter(
			(t) => t.status === 'new_request' || t.status === 'in_progress',
		);
		expect(open.length).toBeGreaterThan(0);
		const later = new Map(tickets(at(NOW.getTime() + 10 * DAY), q).map((t) => [t.ticket_uid, t]));
		const moved = open.filter((t) => later.get(t.ticket_uid)!.status !== t.status);
		expect(moved.length).toBeGreaterThan(0);
		for (const t of moved) {
			const l = later.get(t.ticket_uid)!;
			if (DECIDED.includes(l.status)) {
				expect(Date.parse(l.resolution_created_at)).toBeGreaterThan(NOW.getTime());
				expect(Date.parse(l.resolution_created_at)).toBeLessThanOrEqual(NOW.getTime() + 10 * DAY);
			}
		}
		const earlier = tickets(at(NOW.getTime() - 3 * DAY), {
			start_created_date: '2026-11-01',
			end_created_date: '2026-11-20',
		});
		expect(earlier.every((t) => Date.parse(t.created_at) <= NOW.getTime() - 3 * DAY)).toBe(true);
	});
	test('setTicketStatus changes the status from now on', () => {
		const w = world();
		const t = tickets(w, q).find((x) => x.status !== 'rejected')!;
		w.store.setTicketStatus(PRO_CENTER, t.ticket_uid, 'rejected', NOW);
		const after = tickets(w, { ticket_uids: [t.ticket_uid] })[0];
		expect(after).toMatchObject({
			status: 'rejected',
			resolution_created_at: '2026-11-20T14:00:00+05:00',
			archived: false,
		});
		expect(tickets(at(NOW.getTime() - 1000, w), { ticket_uids: [t.ticket_uid] })[0].status).toBe(
			t.status,
		);
		expect(() => w.store.setTicketStatus(PRO_CENTER, t.ticket_uid, 'done', NOW)).toThrow();
		expect(() => w.store.setTicketStatus(PRO_CENTER, '424242', 'agreed', NOW)).toThrow();
	});
	test('an inserted ticket is the newest, as new_request', () => {
		const w = world();
		const [uid] = w.store.insert('ticket', BASIC_CENTER, 1, NOW, { shop_id: '1001-02' });
		const first = call(w, 'tickets', BASIC_CENTER, q).data[0];
		expect(first).toMatchObject({
			ticket_uid: uid,
			status: 'new_request',
			created_at: '2026-11-20T12:00:00+03:00',
			sell_location: { id: '1001-02' },
		});
	});
});

describe('passes', () => {
	const w = world();
	const rows = passes(w, { start_created_date: '2026-09-01', end_created_date: '2026-11-20' });

	test('exactly the spec fields; ids are integers; newest first', () => {
		expect(rows.length).toBeGreaterThan(100);
		for (const p of rows) {
			expect(Object.keys(p)).toEqual(PASS_FIELDS);
			expect(Number.isInteger(p.id)).toBe(true);
			expect(Object.keys(p.author)).toEqual(['id', 'name', 'email', 'mall_staff', 'phone']);
			if (p.vehicle)
				expect(Object.keys(p.vehicle)).toEqual(['plate_number', 'brand', 'vehicle_type']);
			expect((p.vehicle === null) !== (p.person === null)).toBe(true);
			for (const tag of p.tags) expect(Object.keys(tag)).toEqual(['id', 'name']);
		}
		for (let i = 1; i < rows.length; i++) {
			const d = Date.parse(rows[i - 1].created_at) - Date.parse(rows[i].created_at);
			expect(d > 0 || (d === 0 && rows[i - 1].id > rows[i].id)).toBe(true);
		}
		expect(
			rows.some((p) => p.pass_type === 'vehicle') && rows.some((p) => p.pass_type === 'person'),
		).toBe(true);
	});
	test('linked to tickets by ticket_uid; some without ticket (ticket_uid "", staff author)', () => {
		const standalone = rows.filter((p) => p.ticket_uid === '');
		expect(standalone.length).toBeGreaterThan(0);
		expect(standalone.every((p) => p.author.mall_staff)).toBe(true);
		const linked = rows.filter((p) => p.ticket_uid !== '');
		const byUid = new Map(
			tickets(w, { ticket_uids: [...new Set(linked.map((p) => p.ticket_uid))].slice(0, 100) }).map(
				(t) => [t.ticket_uid, t],
			),
		);
		expect(byUid.size).toBeGreaterThan(0);
		for (const p of linked) {
			const t = byUid.get(p.ticket_uid);
			if (!t) continue;
			expect(t.has_passes).toBe(true);
			expect(passStatusesFor(t.status)).toContain(p.status);
			expect(p.valid_from).toBe(t.begin_time);
		}
	});
	test('statuses: every status occurs; the filter keeps only those asked', () => {
		const year = passes(w, { start_created_date: '2025-11-20', end_created_date: '2026-11-20' });
		expect(new Set(year.map((p) => p.status))).toEqual(
			new Set(['pending', 'approved', 'rejected', 'cancelled', 'expired']),
		);
		const approved = passes(w, {
			start_created_date: '2025-11-20',
			end_created_date: '2026-11-20',
			statuses: ['approved'],
		});
		expect(approved.map((p) => p.id)).toEqual(
			year.filter((p) => p.status === 'approved').map((p) => p.id),
		);
		for (const p of approved) expect(Date.parse(p.valid_to)).toBeGreaterThanOrEqual(NOW.getTime());
	});
	test('a pass issued in advance is found by active period, not by creation period', () => {
		const active = passes(w, { start_active_date: '2026-12-05', end_active_date: '2026-12-06' });
		const inAdvance = active.filter(
			(p) => Date.parse(p.valid_from) - Date.parse(p.created_at) > 3 * DAY,
		);
		expect(inAdvance.length).toBeGreaterThan(0);
		const created = new Set(
			passes(w, { start_created_date: '2026-12-05', end_created_date: '2026-12-06' }).map(
				(p) => p.id,
			),
		);
		expect(created.size).toBe(0);
		for (const p of inAdvance) {
			expect(created.has(p.id)).toBe(false);
			const day = p.created_at.slice(0, 10);
			expect(
				passes(w, { start_created_date: day, end_created_date: day }).map((x) => x.id),
			).toContain(p.id);
		}
	});
	test('ticket_uids: passes of found tickets only; combined with a period', () => {
		const linked = rows.filter((p) => p.ticket_uid !== '');
		const uid = linked[0].ticket_uid;
		const byTicket = passes(w, { ticket_uids: [uid, '999999999'] });
		expect(byTicket.length).toBeGreaterThan(0);
		expect(byTicket.every((p) => p.ticket_uid === uid)).toBe(true);
		const day = linked[0].created_at.slice(0, 10);
		expect(
			passes(w, {
				ticket_uids: [uid],
				start_created_date: '2020-01-01',
				end_created_date: '2020-01-02',
			}),
		).toEqual([]);
		expect(
			passes(w, { ticket_uids: [uid], start_created_date: day, end_created_date: day }).map(
				(p) => p.id,
			),
		).toEqual(byTicket.filter((p) => p.created_at.startsWith(day)).map((p) => p.id));
	});
	test('truth equals a full walk, by creation and by active period', () => {
		expect(
			w.store.truth(
				'passes',
				{ sc_id: PRO_CENTER, start_date: '2026-09-01', end_date: '2026-11-20' },
				NOW,
			).ids,
		).toEqual(rows.map((p) => String(p.id)));
		const active = passes(w, { start_active_date: '2026-11-25', end_active_date: '2026-11-30' });
		expect(
			w.store.truth(
				'passes',
				{ sc_id: PRO_CENTER, start_active_date: '2026-11-25', end_active_date: '2026-11-30' },
				NOW,
			).ids,
		).toEqual(active.map((p) => String(p.id)));
	});
	test('inserted passes come first; one may be linked to a ticket or issued in advance', () => {
		const w2 = world();
		const t = tickets(w2, { start_created_date: '2026-11-19', end_created_date: '2026-11-19' })[0];
		const [linked] = w2.store.insert('pass', PRO_CENTER, 1, NOW, { ticket_uid: t.ticket_uid });
		const [ahead] = w2.store.insert('pass', PRO_CENTER, 1, new Date(NOW.getTime() + 1000), {
			valid_from: '2026-12-24T10:00:00+05:00',
		});
		const later = at(NOW.getTime() + 1000, w2);
		const page = call(later, 'passes', PRO_CENTER, {
			start_created_date: '2026-11-20',
			end_created_date: '2026-11-20',
		}).data;
		expect(page.slice(0, 2).map((p) => String(p.id))).toEqual([ahead, linked]);
		expect(page[1].ticket_uid).toBe(t.ticket_uid);
		expect(passStatusesFor(t.status)).toContain(page[1].status);
		expect(page[0].status).toBe('approved');
		expect(
			passes(later, { start_active_date: '2026-12-24', end_active_date: '2026-12-24' }).map((p) =>
				String(p.id),
			),
		).toContain(ahead);
		expect(() => w2.store.insert('pass', PRO_CENTER, 1, NOW, { ticket_uid: '123' })).toThrow();
	});
});
