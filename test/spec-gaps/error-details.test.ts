/**
 * Spec gap "Structure of error.details: not shown": whatever shape the API uses (an object naming
 * the field, an object of message arrays, an object of strings, an array of {field, message}, a
 * string, null), the message the user sees names the rejected parameter and the API's words, once,
 * capped, with no doubled full stop. A key of details is said as a parameter only when the request
 * had that parameter ({plan: "basic", required: "pro"} of a plan_required, freshest_date of a
 * freshness refusal are the API's words, not parameters). Through the n8n-core harness against the
 * sandbox's variants (option detailsShape: each side of the open question).
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { locator as byId, NOW, ofRoute, run } from '../helpers/action-run';
import { PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';
import type { DetailsShape } from '../../sandbox/server/details';
import { describeDetails, describeFailure } from '../../nodes/shared/transport/errors';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { forgetCenters } from '../../nodes/shared/center';

const params: INodeParameters = {
	resource: 'receipt',
	operation: 'export',
	center: byId(PRO_CENTER),
	shop: byId('1002-02'),
	periodBy: 'created',
	createdStartDate: '2026-10-01',
	createdEndDate: '2026-10-02',
	returnAll: true,
	otherDocumentTypes: 'gift_card',
};

async function rejectedWith(shape: DetailsShape) {
	const sb: Sandbox = await startSandbox({ seed: 42, now: NOW, detailsShape: shape });
	try {
		const r = await run(sb, new ShoppingCenterReceipts(), params);
		return { error: r.error, statuses: ofRoute(r.requests, 'receipts').map((e) => e.status) };
	} finally {
		await sb.close();
	}
}

describe('a 422 about a parameter, whatever the shape of error.details', () => {
	for (const shape of ['object', 'messages', 'strings', 'list', 'text'] as DetailsShape[]) {
		test(`details as ${shape}: names document_types and the API's words`, async () => {
			const { error, statuses } = await rejectedWith(shape);
			expect(statuses).toEqual([422]);
			expect(error?.message).toMatch(/^The API rejected the parameter document_types: .*gift_card/);
			expect(error?.message).not.toMatch(/\.\./);
			expect((error?.message ?? '').length).toBeLessThanOrEqual(400);
			expect(error?.description ?? '').not.toMatch(/\.\./);
		});
	}

	test('details null: the API message is shown (no parameter named), without a doubled full stop', async () => {
		const { error, statuses } = await rejectedWith('none');
		expect(statuses).toEqual([422]);
		expect(error?.message).toMatch(/^The API rejected a parameter: .*gift_card/);
		expect(error?.description ?? '').not.toMatch(/\.\./);
	});
});

describe('describeDetails', () => {
	test('each shape names the fields and the words, capped at 300 characters', () => {
		expect(describeDetails({ per_page: ['must be at most 100'] })).toEqual({
			fields: ['per_page'],
			text: 'per_page: must be at most 100',
		});
		expect(describeDetails({ a: 'x', b: 'y' })).toEqual({ fields: ['a', 'b'], text: 'a: x; b: y' });
		expect(
			describeDetails([
				{ field: 'start_date', message: 'bad' },
				{ field: 'end_date', message: 'worse' },
			]),
		).toEqual({
			fields: ['start_date', 'end_date'],
			text: 'start_date: bad; end_date: worse',
		});
		expect(describeDetails('plain words')).toEqual({ fields: [], text: 'plain words' });
		expect(describeDetails(null)).toEqual({ fields: [], text: '' });
		expect(describeDetails({ field: 'shop_ids', unknown: ['9'] }).fields).toEqual(['shop_ids']);
		expect(describeDetails({ long: 'z'.repeat(1000) }).text.length).toBe(300);
	});
});

const ALL_SHAPES: DetailsShape[] = ['object', 'messages', 'strings', 'list', 'text', 'none'];

/** A node run against a sandbox answering with details of `shape`; the plan never told by the limit (30). */
async function refusal(
	shape: DetailsShape,
	node: ConstructorParameters<typeof Object>[0],
	parameters: INodeParameters,
	route: string,
) {
	clearPlans();
	forgetCenters();
	const sb: Sandbox = await startSandbox({
		seed: 42,
		now: NOW,
		detailsShape: shape,
		rateLimits: { basic: { perWindow: 30 } },
	});
	try {
		const r = await run(sb, node, parameters);
		return {
			message: String(r.error?.message),
			statuses: ofRoute(r.requests, route).map((e) => e.status),
		};
	} finally {
		await sb.close();
	}
}

describe('only parameters the request had are named as parameters', () => {
	test.each(ALL_SHAPES)(
		'plan_required of receipts on a Basic center (details {plan, required}, as %s): the API\'s words, no "parameter plan"',
		async (shape) => {
			const { message, statuses } = await refusal(
				shape,
				new ShoppingCenterReceipts(),
				{ ...params, center: byId('1001'), shop: byId('1001-01'), otherDocumentTypes: '' },
				'receipts',
			);
			expect(statuses).toEqual([403]);
			expect(message).toMatch(
				/^This center's plan .*does not allow the request to export receipts; it needs PRO\./,
			);
			expect(message).toContain(
				'The API: The plan of this center (Basic) does not allow the receipt export.',
			);
			expect(message).not.toMatch(/parameter/);
		},
	);

	test.each(ALL_SHAPES.filter((s) => s !== 'none'))(
		'plan_required of attendance by hour (details name granularity, as %s): the parameter is named',
		async (shape) => {
			const { message, statuses } = await refusal(
				shape,
				new ShoppingCenterAttendance(),
				{
					resource: 'attendance',
					operation: 'get',
					center: byId('1001'),
					granularity: 'hour',
					scope: 'sc',
					startDate: '2026-11-17',
					endDate: '2026-11-18',
				},
				'attendance.read',
			);
			expect(statuses).toEqual([403]);
			expect(message).toMatch(
				/does not allow the request.* \(parameter granularity\); it needs PRO\.$/,
			);
			expect(message).not.toMatch(/plan, |, required|parameter plan/);
		},
	);

	test.each(ALL_SHAPES.filter((s) => s !== 'none'))(
		'the freshness refusal of daily sales (details {field: end_date, freshest_date}, as %s): end_date named, freshest_date only as words',
		async (shape) => {
			const { message, statuses } = await refusal(
				shape,
				new ShoppingCenterRevenue(),
				{
					resource: 'dailySalesAggregate',
					operation: 'getMany',
					center: byId('1001'),
					shop: byId('1001-02'),
					startDate: '2026-11-20',
					endDate: '2026-11-20',
				},
				'sales.daily',
			);
			expect(statuses).toEqual([422]);
			expect(message).toMatch(/^The API rejected the parameter end_date: /);
			expect(message).toContain('2026-11-19');
			expect(message).not.toMatch(/parameters|end_date, freshest/);
		},
	);

	test('describeDetails and describeFailure: keys the request did not have are words, not parameters', () => {
		const sent = new Set(['sc_id', 'shop_id', 'start_created_date', 'end_created_date']);
		expect(describeDetails({ plan: 'basic', required: 'pro' }, sent)).toEqual({
			fields: [],
			text: 'plan: basic; required: pro',
		});
		expect(describeDetails({ start_created_date: ['too old'], hint: 'x' }, sent).fields).toEqual([
			'start_created_date',
		]);
		expect(describeDetails('plan: basic', sent).fields).toEqual([]);
		expect(
			describeDetails([{ field: 'data[3][in]', message: 'bad' }], new Set(['data'])).fields,
		).toEqual(['data[3][in]']);
		const planRefused = {
			status: 403,
			code: 'plan_required',
			message: 'Receipts need PRO.',
			details: { plan: 'basic', required: 'pro' },
			headers: {},
		};
		expect(
			describeFailure(planRefused, { operation: 'export receipts', plan: 'basic', sent }),
		).toBe(
			"This center's plan (Basic) does not allow the request to export receipts; it needs PRO. The API: Receipts need PRO.",
		);
		const fresh = {
			status: 422,
			code: 'validation_error',
			message: 'end_date must not be later than 2026-11-19.',
			details: { end_date: 'must not be later than 2026-11-19', freshest: '2026-11-19' },
			headers: {},
		};
		expect(describeFailure(fresh, { sent: new Set(['start_date', 'end_date']) })).toBe(
			'The API rejected the parameter end_date: must not be later than 2026-11-19; freshest: 2026-11-19',
		);
	});
});
