/**
 * What the editor shows under date fields: every day field's hint says how to write "yesterday" as an
 * expression, and that expression, run by n8n's own expression engine, asks for yesterday (typed into a
 * Fixed field, the error says to switch the field to Expression); the Month of
 * declared turnover shows the placeholder YYYY-MM (and a month typed so is taken). Through the node
 * descriptions and the n8n-core harness against the sandbox.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import * as pkg from '../../index';
import { YESTERDAY_HINT } from '../../nodes/shared/descriptions/notices';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import type { Sandbox } from '../../sandbox';
import { locator, ofRoute, run, startTestSandbox } from '../helpers/action-run';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const nodes = (Object.values(pkg) as Array<new () => INodeType>)
	.filter((C) => typeof C === 'function')
	.map((C) => new C())
	.filter((n) => n.description?.properties);
const dayFields = nodes.flatMap((n) =>
	(n.description.properties as INodeProperties[])
		.filter((p) => p.placeholder === 'YYYY-MM-DD')
		.map((p) => [`${n.description.name}.${p.name}`, p] as const),
);

test('every day field (placeholder YYYY-MM-DD) hints how to say yesterday', () => {
	expect(dayFields.length).toBeGreaterThan(15);
	for (const [, p] of dayFields) expect(p.hint).toContain(YESTERDAY_HINT);
});

/** The hint's expression ({{ … }}) alone. */
const expression = /\{\{.*\}\}/.exec(YESTERDAY_HINT)![0];

/** Daily sales of shop 1002-01 for the period given. */
const dailySales = (startDate: string, endDate: string) =>
	run(sb, new ShoppingCenterRevenue(), {
		resource: 'dailySalesAggregate',
		operation: 'getMany',
		center: locator('1002'),
		shop: locator('1002-01'),
		startDate,
		endDate,
	});

test("the hint's expression, in n8n's engine, asks for yesterday (the harness clock: 2026-11-20)", async () => {
	const r = await dailySales(`=${expression}`, `=${expression}`);
	expect(r.error).toBeUndefined();
	const [req] = ofRoute(r.requests, 'sales.daily');
	expect([req.query.start_date, req.query.end_date]).toEqual(['2026-11-19', '2026-11-19']);
	expect(r.json.map((x) => x.date)).toEqual(['2026-11-19']);
});

test("the hint's expression typed into a Fixed field: the error says to switch the field to Expression", async () => {
	const r = await dailySales(expression, '2026-11-19'); // no leading "=": the field is Fixed
	expect(r.error?.message).toMatch(
		/^Start Date: ".*\$today.*" is an expression typed into a Fixed field: switch the field to Expression .* \[row 1 of 1\]$/,
	);
	expect(r.error?.message).not.toMatch(/not a valid date/);
	expect(ofRoute(r.requests, 'sales.daily')).toEqual([]);
});

test('Month of declared turnover: placeholder YYYY-MM, and YYYY-MM is taken', async () => {
	const month = (new ShoppingCenterIntake().description.properties as INodeProperties[]).find(
		(p) => p.name === 'month',
	)!;
	expect(month.placeholder).toBe('YYYY-MM');
	expect(month.hint).toMatch(/\$today\.minus\(\{months: 1\}\)\.toFormat\('yyyy-MM'\)/);
	const r = await run(sb, new ShoppingCenterIntake(), {
		resource: 'declaredTurnover',
		operation: 'submit',
		center: locator('1002'),
		shop: locator('1002-04'),
		month: "={{ $today.minus({months: 1}).toFormat('yyyy-MM') }}",
		turnover: '12345',
	});
	expect(r.error).toBeUndefined();
	expect(r.json[0]).toMatchObject({ shop_id: '1002-04', month: '2026-10', manual_turnover: 12345 });
});
