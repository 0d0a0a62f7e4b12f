/**
 * The data routes over real HTTP (startSandbox + undici): query notations, the control API's insert,
 * ticket status, clock and truth calls reaching the DataStore, inserts between pages shifting a list.
 */
import type { Sandbox } from '../index';
import { BUSY_SHOP, PRO_CENTER } from '../fixtures/centers';
import { api, control, start, token } from './support/helpers';

describe('data routes over HTTP', () => {
	let sb: Sandbox;
	let tk: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		tk = await token(sb);
	});
	afterAll(() => sb.close());

	test("receipts: a page equals the truth's slice; bad document type is 422 in the envelope", async () => {
		const q = {
			start_created_date: '2026-11-18',
			end_created_date: '2026-11-18',
			per_page: '200',
			page: '2',
		};
		const r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops/${BUSY_SHOP}/receipts`, {
			token: tk,
			query: q,
		});
		expect(r.status).toBe(200);
		expect(r.json.success).toBe(true);
		const truth = await control(sb, 'GET', '/truth/receipts', {
			query: {
				sc_id: PRO_CENTER,
				shop_id: BUSY_SHOP,
				start_date: '2026-11-18',
				end_date: '2026-11-18',
			},
		});
		expect(r.json.meta.pagination.total).toBe(truth.json.data.count);
		expect(r.json.data.map((x: { id: string }) => x.id)).toEqual(
			truth.json.data.ids.slice(200, 400),
		);
		const bad = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops/${BUSY_SHOP}/receipts`, {
			token: tk,
			query: { ...q, document_types: 'receipt,x' },
		});
		expect(bad.status).toBe(422);
		expect(bad.json.error).toMatchObject({
			code: 'validation_error',
			details: { field: 'document_types' },
		});
	});

	test('tickets: statuses[] and ticket_uids[] in bracket notation; a status set through the control API', async () => {
		const q = `start_created_date=2026-11-10&end_created_date=2026-11-20&per_page=100`;
		const all = await api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, { token: tk, query: q });
		expect(all.status).toBe(200);
		const uid = all.json.data[0].ticket_uid as string;
		const set = await control(sb, 'POST', '/tickets/status', {
			json: { sc_id: PRO_CENTER, ticket_uid: uid, status: 'agreed_with_conditions' },
		});
		expect(set.status).toBe(200);
		const one = await api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, {
			token: tk,
			query: `ticket_uids[]=${uid}&ticket_uids[]=1&statuses[]=agreed_with_conditions&statuses[]=agreed`,
		});
		expect(
			one.json.data.map((t: { ticket_uid: string; status: string }) => [t.ticket_uid, t.status]),
		).toEqual([[uid, 'agreed_with_conditions']]);
		const bad = await api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, {
			token: tk,
			query: `${q}&statuses[]=closed`,
		});
		expect(bad.status).toBe(422);
	});

	test('anomalies: advancing the clock through the control API reveals new ones', async () => {
		const q = { start_date: '2026-11-15', end_date: '2026-11-20', per_page: '500' };
		const before = await api(sb, 'GET', `/sc/${PRO_CENTER}/anomalies`, { token: tk, query: q });
		await control(sb, 'POST', '/clock', { json: { advanceMs: 2 * 86_400_000 } });
		try {
			const after = await api(sb, 'GET', `/sc/${PRO_CENTER}/anomalies`, {
				token: await token(sb),
				query: q,
			});
			expect(after.json.meta.pagination.total).toBeGreaterThan(before.json.meta.pagination.total);
		} finally {
			await control(sb, 'POST', '/clock', { json: { advanceMs: -2 * 86_400_000 } });
		}
	});

	test('inserts between pages shift a newest-first list by the inserted count', async () => {
		const q = { start_created_date: '2026-11-01', end_created_date: '2026-11-20', per_page: '10' };
		const path = `/sc/${PRO_CENTER}/portal/passes`;
		const page1 = await api(sb, 'GET', path, { token: tk, query: { ...q, page: '1' } });
		sb.faults.set({ insertBetweenPages: { route: 'passes', count: 3 } });
		try {
			const page2 = await api(sb, 'GET', path, { token: tk, query: { ...q, page: '2' } });
			expect(page2.json.meta.pagination.total).toBe(page1.json.meta.pagination.total + 3);
			// the last 3 of page 1 were pushed onto page 2
			expect(page2.json.data.slice(0, 3).map((p: { id: number }) => p.id)).toEqual(
				page1.json.data.slice(7).map((p: { id: number }) => p.id),
			);
		} finally {
			sb.faults.clear();
		}
	});

	test('insert through the control API: a late receipt joins the daily aggregate', async () => {
		const daily = () =>
			api(sb, 'GET', `/sc/${PRO_CENTER}/shops/${BUSY_SHOP}/sales/daily`, {
				token: tk,
				query: { start_date: '2026-11-16', end_date: '2026-11-16' },
			});
		const before = (await daily()).json.data[0];
		const ins = await control(sb, 'POST', '/insert', {
			json: {
				kind: 'receipt',
				sc_id: PRO_CENTER,
				count: 2,
				shop_id: BUSY_SHOP,
				date: '2026-11-16',
				total_sum: 10_000,
			},
		});
		expect(ins.json.data.ids).toHaveLength(2);
		const after = (await daily()).json.data[0];
		expect(after.income_sum - before.income_sum).toBe(20_000);
		const truth = await control(sb, 'GET', '/truth/daily', {
			query: {
				sc_id: PRO_CENTER,
				shop_id: BUSY_SHOP,
				start_date: '2026-11-16',
				end_date: '2026-11-16',
			},
		});
		expect(truth.json.data).toEqual({ ids: ['2026-11-16'], count: 1, sum: after.income_sum });
	});
});
