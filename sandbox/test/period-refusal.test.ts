/**
 * The open point "which code refuses a period longer than the plan allows": option periodRefusal
 * answers 422 validation_error (default), 422 period_too_long or 403 plan_required, on daily sales,
 * monthly totals and attendance by day; periods within the plan are answered as always, and limits
 * that are no plan's (receipts' 30-day pair, hourly attendance's 31 days) stay 422 validation_error.
 */
import type { Sandbox } from '../index';
import { BASIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { api, start, token } from './support/helpers';

const BASIC_SHOP = '1001-02';
const CASES = [
	['validation_error', 422],
	['period_too_long', 422],
	['plan_required', 403],
] as const;

describe.each(CASES)('periodRefusal %s', (code, status) => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false, periodRefusal: code });
		t = await token(sb);
	});
	afterAll(() => sb.close());

	const get = (path: string, query: Record<string, string>) =>
		api(sb, 'GET', path, { token: t, query });

	test(`a Basic center's daily, monthly and attendance periods above the plan's → ${status} ${code}`, async () => {
		const daily = await get(`/sc/${BASIC_CENTER}/shops/${BASIC_SHOP}/sales/daily`, {
			start_date: '2026-08-01',
			end_date: '2026-11-19',
		});
		const monthly = await get(`/sc/${BASIC_CENTER}/shops/${BASIC_SHOP}/sales/monthly`, {
			start_date: '2025-11-01',
			end_date: '2026-11-19',
		});
		const attendance = await get(`/sc/${BASIC_CENTER}/traffic`, {
			start_date: '2026-08-01',
			end_date: '2026-11-19',
		});
		for (const r of [daily, monthly, attendance]) {
			expect(r.status).toBe(status);
			expect(r.json.error.code).toBe(code);
			expect(r.json.error.details).toMatchObject({ field: 'end_date' });
		}
		expect(daily.json.error.details.max_days).toBe(31);
		if (code === 'plan_required') expect(daily.json.error.details.plan).toBe('basic');
		// within the plan: answered
		const ok = await get(`/sc/${BASIC_CENTER}/shops/${BASIC_SHOP}/sales/daily`, {
			start_date: '2026-10-20',
			end_date: '2026-11-19',
		});
		expect(ok.status).toBe(200);
		expect(ok.json.data).toHaveLength(31);
	});

	test('a PRO center above 366 days: the same code', async () => {
		const r = await get(`/sc/${PRO_CENTER}/shops/${PRO_CENTER}-03/sales/daily`, {
			start_date: '2025-11-01',
			end_date: '2026-11-20',
		});
		expect(r.status).toBe(status);
		expect(r.json.error.code).toBe(code);
	});

	test("limits that are no plan's stay 422 validation_error", async () => {
		const receipts = await get(`/sc/${PRO_CENTER}/shops/${PRO_CENTER}-03/receipts`, {
			start_created_date: '2026-10-01',
			end_created_date: '2026-11-19',
		});
		const hourly = await get(`/sc/${PRO_CENTER}/traffic`, {
			start_date: '2026-10-01',
			end_date: '2026-11-19',
			granularity: 'hour',
		});
		for (const r of [receipts, hourly]) {
			expect(r.status).toBe(422);
			expect(r.json.error.code).toBe('validation_error');
		}
	});
});
