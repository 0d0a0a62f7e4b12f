/**
 * Spec gap "passes: defaults and maximum: not shown": when the API refuses the page size the package
 * asks (422 validation_error about per_page), the same walk steps down to the spec's documented
 * default, remembers it per base URL + route, and returns the true set: nothing lost, nothing twice,
 * no error for the user. Through the n8n-core harness against a sandbox whose passes maximum is 50
 * (and one whose maximum is 20, below the default, where the walk goes on without per_page).
 */
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { forgetPageSizes } from '../../nodes/shared/transport/pagination';
import { startSandbox, type Sandbox } from '../../sandbox';
import { locator, NOW, ofRoute, q, run } from '../helpers/action-run';
import { passesByCreated } from '../helpers/read-params';

const params = passesByCreated(locator('1002'), '2026-01-01', '2026-11-20', {
	returnAll: true,
});

async function walk(max: number) {
	forgetPageSizes();
	const sb: Sandbox = await startSandbox({ now: NOW, rateWindowMs: 10_000, passesPerPageMax: max });
	try {
		const expected = sb.store.truth(
			'passes',
			{ sc_id: '1002', start_created_date: '2026-01-01', end_created_date: '2026-11-20' },
			new Date(NOW),
		).ids;
		const first = await run(sb, new ShoppingCenterPortal(), params);
		const second = await run(sb, new ShoppingCenterPortal(), params);
		return { expected, first, second };
	} finally {
		await sb.close();
	}
}

const sizes = (requests: Parameters<typeof ofRoute>[0]) =>
	ofRoute(requests, 'passes').map((e) => `${q(e, 'per_page') ?? '-'}:${e.status}`);

test('maximum 50: one refused first page, then pages of 50 (the default); remembered by the next run', async () => {
	const { expected, first, second } = await walk(50);
	expect(expected.length).toBeGreaterThan(300);
	expect(first.status).toBe('success');
	expect(first.json.map((r) => String(r.id))).toEqual(expected);
	const firstSizes = sizes(first.requests);
	expect(firstSizes[0]).toBe('100:422');
	expect(firstSizes.slice(1).every((s) => s === '50:200')).toBe(true);
	expect(firstSizes).toHaveLength(1 + Math.ceil(expected.length / 50));
	expect(second.json.map((r) => String(r.id))).toEqual(expected);
	expect(sizes(second.requests).every((s) => s === '50:200')).toBe(true);
});

test('maximum 20 (below the default): the walk goes on without per_page, at the API default', async () => {
	const { expected, first } = await walk(20);
	expect(first.status).toBe('success');
	expect(first.json.map((r) => String(r.id))).toEqual(expected);
	const firstSizes = sizes(first.requests);
	expect(firstSizes.slice(0, 2)).toEqual(['100:422', '50:422']);
	expect(firstSizes.slice(2).every((s) => s === '-:200')).toBe(true);
	expect(firstSizes).toHaveLength(2 + Math.ceil(expected.length / 20));
});
