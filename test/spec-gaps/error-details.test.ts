/**
 * Spec gap "Structure of error.details: not shown": whatever shape the API uses (an object naming
 * the field, an object of message arrays, an object of strings, an array of {field, message}, a
 * string, null), the message the user sees names the rejected parameter and the API's words, once,
 * capped, with no doubled full stop. Through the n8n-core harness against the sandbox's variants.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { locator as byId, NOW, ofRoute, run } from '../nodes/action-run';
import { PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';
import type { DetailsShape } from '../../sandbox/details';
import { describeDetails } from '../../nodes/shared/transport/errors';

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
