/**
 * Spec gap "a shop's time zone": the declared-turnover month boundary is in the SHOP's zone, and the
 * Shop object carries none. The sandbox gives shops zones other than their center's (option
 * `shopTimeZones`); near a month boundary the node sends the submission either way and shows the API's
 * own answer: stored where the month has begun in the shop's zone, the API's 422 where it has not.
 * Through the n8n-core harness; the request log and the sandbox's intake store show what happened.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { forgetCenters } from '../../nodes/shared/center';
import { BASIC_CENTER, PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';
import { locator, ofRoute, run } from '../helpers/action-run';

const submit = (center: string, shop: string, month: string): INodeParameters => ({
	resource: 'declaredTurnover',
	operation: 'submit',
	amountUnit: 'kopecks',
	center: locator(center),
	shop: locator(shop),
	month,
	turnover: '4200',
});

async function declare(sb: Sandbox, now: string, center: string, shop: string) {
	sb.clock.set(now);
	const r = await run(sb, new ShoppingCenterIntake(), submit(center, shop, '2026-12-01'), { now });
	return {
		error: r.error?.message ?? '',
		json: r.json,
		sent: ofRoute(r.requests, 'turnover.declare').map((e) => e.status),
	};
}

const declared = (sb: Sandbox, shop: string) =>
	sb.intake.snapshot().declaredTurnover.filter((t: { shop_id: string }) => t.shop_id === shop);

describe("declared turnover: the month boundary is the shop's, whatever its center's zone", () => {
	let sb: Sandbox;
	beforeEach(async () => {
		forgetCenters();
		sb = await startSandbox({
			seed: 42,
			now: '2026-11-30T13:00:00Z',
			shopTimeZones: { '1001-06': 'Asia/Kamchatka', '1002-06': 'Europe/Kaliningrad' },
		});
	});
	afterEach(async () => await sb.close());

	test('a Kamchatka shop of a Moscow center: December has begun there, so the API stores it (not refused for the center being in November)', async () => {
		// 13:00 UTC: 16:00 on 30 Nov in Moscow, 01:00 on 1 Dec in Kamchatka (UTC+12)
		const r = await declare(sb, '2026-11-30T13:00:00Z', BASIC_CENTER, '1001-06');
		expect(r.error).toBe('');
		expect(r.sent).toEqual([200]);
		expect(r.json[0]).toMatchObject({ month: '2026-12', manual_turnover: 4200 });
		expect(declared(sb, '1001-06')).toHaveLength(1);
		// the same moment, a shop in the center's own zone: sent, and the API's 422 is shown
		const moscow = await declare(sb, '2026-11-30T13:00:00Z', BASIC_CENTER, '1001-07');
		expect(moscow.sent).toEqual([422]);
		expect(moscow.error).toMatch(/^The API rejected the parameter month: .*future/);
		expect(declared(sb, '1001-07')).toHaveLength(0);
	});

	test('a Kaliningrad shop of a Yekaterinburg center: December has begun for the center but not the shop; the API refuses, the node says so', async () => {
		// 20:00 UTC: 01:00 on 1 Dec in Yekaterinburg, 22:00 on 30 Nov in Kaliningrad (UTC+2)
		const r = await declare(sb, '2026-11-30T20:00:00Z', PRO_CENTER, '1002-06');
		expect(r.sent).toEqual([422]);
		expect(r.error).toMatch(/^The API rejected the parameter month: .*future/);
		expect(declared(sb, '1002-06')).toHaveLength(0);
		// a shop in the center's zone at the same moment is in December: stored
		const own = await declare(sb, '2026-11-30T20:00:00Z', PRO_CENTER, '1002-07');
		expect(own.sent).toEqual([200]);
		expect(declared(sb, '1002-07')).toHaveLength(1);
	});
});
