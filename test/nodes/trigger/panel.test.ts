/**
 * The trigger's panel, as the editor shows it: for every event a notice saying what a read costs, how
 * a day's cost follows from it (units × the polls a day of Poll Times) and what the Day Budget Share
 * caps it at; the Cost Estimate field, whose options (loaded by the editor again when Poll Times, the
 * centers, the shops or the share change) say what THESE settings cost each center, against the sandbox
 * over HTTP; and hints under the fields like the action nodes have (every field of New Receipt). The
 * Poll Times field itself is n8n's: its loader puts it first with its own default, checked here too.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import path from 'node:path';
import { cronNodeOptions, type INodeProperties } from 'n8n-workflow';
import { PackageDirectoryLoader } from 'n8n-core';
import { ShoppingCenterEventsTrigger } from '../../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { pollRate } from '../../../nodes/ShoppingCenterEventsTrigger/pollRate';
import { estimateOptions } from '../../../nodes/ShoppingCenterEventsTrigger/costText';
import { forgetShopLists } from '../../../nodes/ShoppingCenterEventsTrigger/costEstimate';
import { EVENTS } from '../../../nodes/ShoppingCenterEventsTrigger/events';
import { forgetCenters } from '../../../nodes/shared/center';
import { clearPlans } from '../../../nodes/shared/transport/planCache';
import { runLoadOptions } from '../../harness';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { NOW, harnessBase } from '../../helpers/action-run';

const props = new ShoppingCenterEventsTrigger().description.properties as INodeProperties[];
const events = (props.find((p) => p.name === 'event')!.options as Array<{ value: string }>).map(
	(o) => o.value,
);
const shownFor = (event: string) =>
	props.filter((p) => {
		const show = p.displayOptions?.show as Record<string, unknown[]> | undefined;
		return !show?.event || show.event.includes(event);
	});

describe('the trigger panel says what a poll costs', () => {
	test.each(events)(
		'%s: one notice with the cost of a read, of a day at the default poll, and the share that caps it',
		(event) => {
			const notices = shownFor(event).filter((p) => p.type === 'notice');
			expect(notices).toHaveLength(1);
			const text = notices[0].displayName;
			expect(text).toMatch(/\/ (100|500|1000)⌉ requests/);
			// no hypothetical center: the formula, and where its figures for these settings are
			const day =
				event === 'newReceipt'
					? /At most a day: shops × the polls a day of Poll Times \(every minute: 1,440\)/
					: event === 'centerChanges'
						? // a shop's daily and monthly rows, the shop list, the zones and the tickets
							/At most a day: \(2 × shops \+ 3\) × the polls a day of Poll Times \(every minute: 1,440\)/
						: /At most a day: a center × the polls a day of Poll Times \(every minute: 1,440\)/;
			expect(text).toMatch(day);
			expect(text).not.toMatch(/100 shops/);
			expect(text).toContain('Cost Estimate below works it out for these centers and Poll Times');
			// what is read follows activity, and the share is one ceiling for the center's triggers together
			expect(text).toMatch(/every second poll, a quiet (shop|center) .* less and less often/);
			expect(text).toMatch(
				/All the trigger nodes of a center spend together at most the Day Budget Share/,
			);
			expect(text).toContain('a ceiling, not an allowance');
			const share = shownFor(event).find((p) => p.name === 'dayBudgetShare')!;
			expect(text).toContain(`default ${String(share.default)} %`);
			// what the share caps a day at, in requests (PRO's 50,000 × the default share)
			expect(text).toContain(((50_000 * (share.default as number)) / 100).toLocaleString('en-US'));
		},
	);

	test('the Cost Estimate follows the notice, loaded again when Poll Times, centers, shops or share change', () => {
		const shown = shownFor('newReceipt');
		const field = shown[2];
		expect(field.name).toBe('costEstimate');
		expect(field.typeOptions?.loadOptionsMethod).toBe('getCostEstimate');
		expect(typeof new ShoppingCenterEventsTrigger().methods.loadOptions.getCostEstimate).toBe(
			'function',
		);
		// the editor joins these values as text and loads again when the text changes: pollTimes (an
		// object) is followed by its scalar paths
		expect(field.typeOptions?.loadOptionsDependsOn).toEqual(
			expect.arrayContaining([
				'centerScope',
				'centerIds',
				'receiptShops',
				'receiptShopIds',
				'includeArchived',
				'dayBudgetShare',
				'quietMaxWaitMinutes',
				'pollTimes.item.length',
				'pollTimes.item[0].mode',
				'pollTimes.item[0].value',
				'pollTimes.item[0].unit',
			]),
		);
		expect(field.default).toBe('all');
	});

	test('every New Receipt field has a hint, the notice comes right after Event', () => {
		const fields = shownFor('newReceipt').filter((p) => p.type !== 'notice' && p.name !== 'event');
		const without = fields.filter((p) => !(typeof p.hint === 'string' && p.hint.length > 20));
		expect(without.map((p) => p.displayName)).toEqual([]);
		const shown = shownFor('newReceipt');
		expect(shown[1].type).toBe('notice');
	});

	test.each(events)('%s: hints under its fields', (event) => {
		const hinted = shownFor(event).filter((p) => typeof p.hint === 'string' && p.hint.length > 20);
		expect(hinted.length).toBeGreaterThanOrEqual(2);
	});

	test("n8n's loader adds Poll Times first, default every minute (what the notice says)", async () => {
		const loader = new PackageDirectoryLoader(path.resolve(__dirname, '..', '..', '..'));
		await loader.loadAll();
		const loaded = loader.nodeTypes.shoppingCenterEventsTrigger.type as {
			description: { properties: INodeProperties[] };
		};
		const first = loaded.description.properties[0];
		expect(first.name).toBe('pollTimes');
		expect(first.default).toEqual({ item: [{ mode: 'everyMinute' }] });
	});
});

const every = (mode: string, extra: Record<string, unknown> = {}) => ({
	item: [{ mode, ...extra }],
});

describe('Poll Times as n8n schedules it: polls a day', () => {
	test.each([
		[every('everyMinute'), 1440, 'every minute'],
		[every('everyX', { value: 5, unit: 'minutes' }), 288, 'every 5 minutes'],
		// n8n's cron is */7 in the minute field: minutes 0, 7, … 56 of each hour
		[every('everyX', { value: 7, unit: 'minutes' }), 9 * 24, 'every 7 minutes'],
		[every('everyX', { value: 2, unit: 'hours' }), 12, 'every 2 hours'],
		[every('everyHour', { minute: 5 }), 24, 'every hour'],
		[every('everyDay', { hour: 3, minute: 0 }), 1, 'once a day'],
		[every('custom', { cronExpression: '0,30 * 9-20 * * *' }), 2 * 60 * 12, 'at the custom times'],
		[
			{ item: [{ mode: 'everyMinute' }, { mode: 'everyHour', minute: 0 }] },
			1464,
			'at 2 poll times',
		],
	])('%j: %d polls a day', (value, perDay, words) => {
		const rate = pollRate(value);
		expect(rate.perDay).toBe(perDay);
		expect(rate.words).toContain(words);
	});

	test('a cron expression it cannot read gives no count', () => {
		expect(pollRate(every('custom', { cronExpression: '@hourly' })).perDay).toBeUndefined();
	});
});

describe('the Cost Estimate in words', () => {
	const shop = EVENTS.newReceipt.unit;
	const base = { unit: shop, sharePercent: 50, quietMinutes: 60 };
	const one = (units: number, rate = pollRate(every('everyMinute'))) =>
		estimateOptions({
			...base,
			rate,
			centers: [{ id: '1002', title: 'Mega', units, plan: 'pro' }],
		});

	test('11 shops every minute: the most a day against the plan, the share does not bind', () => {
		const [summary, center] = one(11);
		expect(summary.name).toBe('11 shops every minute: ≈ 15,840/day, 32 % of 50,000');
		expect(summary.description).toContain(
			'25,000 a day for all trigger nodes of the center together',
		);
		expect(summary.description).toContain('It does not bind here');
		expect(summary.description).toContain('waits at most 2 polls (2 min)');
		expect(summary.description).toContain(
			'waits at most 60 min (Read Quiet Shops at Least Every) + 2 polls',
		);
		expect(center).toMatchObject({
			value: '1002',
			name: expect.stringMatching(/^Mega · 1002: 11 shops/),
		});
	});

	test('every 5 minutes costs a fifth; 300 shops every minute meet the share (the lag it allows)', () => {
		expect(one(11, pollRate(every('everyX', { value: 5, unit: 'minutes' })))[0].name).toBe(
			'11 shops every 5 minutes: ≈ 3,168/day, 6 % of 50,000',
		);
		const [busy] = one(300);
		expect(busy.name).toContain('≈ 432,000/day, 864 % of 50,000');
		// 300 shops × 1,440 minutes / 25,000 requests: each shop about every 17 minutes when all sell
		expect(busy.description).toContain('each shop read about every 17 min');
	});

	test('several centers: each against its own plan; a skipped one says why', () => {
		const [summary] = estimateOptions({
			...base,
			rate: pollRate(every('everyMinute')),
			centers: [
				{ id: '1002', units: 11, plan: 'pro' },
				{ id: '1004', units: 9, plan: 'pro' },
				{ id: '1001', plan: 'basic', skipped: 'Basic (receipts need PRO)' },
			],
		});
		expect(summary.name).toBe(
			'every minute, at most a day: 1002: 11 shops ≈ 15,840 (32 % of 50,000); 1004: 9 shops ≈ 12,960 (26 % of 50,000); 1001: Basic (receipts need PRO)',
		);
	});
});

describe('the Cost Estimate of these settings, from the sandbox (its centers and shops)', () => {
	let sb: Sandbox;
	// as n8n's loader serves it: with the Poll Times field n8n-core adds to a polling node (its
	// commonPollingParameters, not exported: the same field from n8n-workflow's cronNodeOptions)
	const trigger = new ShoppingCenterEventsTrigger();
	const pollTimesField: INodeProperties = {
		displayName: 'Poll Times',
		name: 'pollTimes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: { item: [{ mode: 'everyMinute' }] },
		options: cronNodeOptions,
	};
	trigger.description.properties = [pollTimesField, ...trigger.description.properties];
	beforeAll(async () => {
		clearPlans();
		forgetCenters();
		forgetShopLists();
		sb = await startSandbox({ now: NOW, rateWindowMs: 10_000 });
	});
	afterAll(async () => {
		await sb?.close();
	});
	const estimate = async (parameters: Record<string, unknown>) => {
		const r = await runLoadOptions({
			nodeType: trigger,
			...harnessBase(sb),
			method: 'getCostEstimate',
			parameters: { event: 'newReceipt', pollTimes: every('everyMinute'), ...parameters },
		});
		expect(r.error).toBeUndefined();
		return r.options ?? [];
	};

	test("Center Changes: a center's tables, each shop's daily and monthly rows two of them; fewer tables, fewer", async () => {
		const center = { event: 'centerChanges', centerScope: 'selected', centerIds: ['1002'] };
		const all = await estimate({
			...center,
			pollTimes: every('everyX', { value: 5, unit: 'minutes' }),
		});
		// 11 shops × 2 + the shop list, the counting zones, the tickets
		expect(all[0].name).toMatch(/^25 tables every 5 minutes: ≈ 7,200\/day/);
		const tickets = await estimate({ ...center, centerTables: ['tickets'] });
		expect(tickets[0].name).toMatch(/^1 table every minute: ≈ 1,440\/day/);
		// the added tables: each shop's receipts, its registers and settings (one unit), and the
		// center's attendance, passes and anomalies
		const added = ['attendance', 'cash_registers', 'turnover_settings', 'passes', 'anomalies'];
		const more = await estimate({ ...center, centerTables: [...added, 'receipts'] });
		expect(more[0].name).toMatch(/^25 tables every minute: ≈ 36,000\/day/);
	});

	test('New Receipt, two chosen centers, two Poll Times: the figures change with both', async () => {
		const chosen = { centerScope: 'selected', centerIds: ['1002', '1004'] };
		const minute = await estimate(chosen);
		expect(minute[0].name).toBe(
			'every minute, at most a day: 1002: 11 shops ≈ 15,840 (32 % of 50,000); 1004: 9 shops ≈ 12,960 (26 % of 50,000)',
		);
		const five = await estimate({
			...chosen,
			pollTimes: every('everyX', { value: 5, unit: 'minutes' }),
		});
		expect(five[0].name).toContain('1002: 11 shops ≈ 3,168 (6 % of 50,000)');
		const onlyOne = await estimate({ centerScope: 'selected', centerIds: ['1004'] });
		expect(onlyOne[0].name).toBe('9 shops every minute: ≈ 12,960/day, 26 % of 50,000');
		// archived shops and a shop list count as the trigger reads them
		const archived = await estimate({
			centerScope: 'selected',
			centerIds: ['1004'],
			includeArchived: true,
		});
		expect(archived[0].name).toMatch(/^10 shops/);
		const listed = await estimate({
			centerScope: 'selected',
			centerIds: ['1002'],
			receiptShops: 'selected',
			receiptShopIds: '1002-01, 1002-02, 9999-99',
		});
		expect(listed[0].name).toMatch(/^2 shops every minute: ≈ 2,880\/day/);
	});

	test('All My Centers: Basic and blocked centers said as not read; a list event counts the center', async () => {
		const all = await estimate({ centerScope: 'all' });
		const byId = Object.fromEntries(all.slice(1).map((o) => [o.value, o.name]));
		expect(byId['1001']).toMatch(/Basic \(receipts need PRO\): not read$/);
		expect(byId['1003']).toMatch(/blocked for non-payment: not read$/);
		expect(byId['1002']).toMatch(/11 shops every minute/);
		const tickets = await estimate({
			event: 'newTicket',
			centerScope: 'selected',
			centerIds: ['1001'],
		});
		expect(tickets[0].name).toBe('1 center every minute: ≈ 1,440/day, 29 % of 5,000');
		const everyTicket = await estimate({ event: 'newTicket', centerScope: 'all' });
		expect(everyTicket[0].name).toMatch(
			/^every minute, at most a day: 1001: ≈ 1,440 \(29 % of 5,000\); 1002: ≈ 1,440 \(3 % of 50,000\); 1003: blocked for non-payment/,
		);
	});
});
