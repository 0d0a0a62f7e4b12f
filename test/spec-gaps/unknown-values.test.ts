/**
 * Spec gap "new enum values": a value the spec does not list in an answer (an anomaly level
 * "critical", a status "escalated") is passed through as the API sent it, never an error; a filter
 * the user chose still applies. Through the n8n-core harness against the sandbox.
 */
import { ShoppingCenterAnomalies } from '../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import type { Sandbox } from '../../sandbox';
import { locator, NOW, run, startTestSandbox } from '../helpers/action-run';

let sb: Sandbox;
let id: string;
beforeAll(async () => {
	sb = await startTestSandbox();
	[id] = sb.store.insert('anomaly', '1002', 1, new Date(NOW), {
		date: '2026-11-19',
		level: 'critical',
		status: 'escalated',
	});
});
afterAll(async () => {
	await sb.close();
});

const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'anomaly',
	operation: 'getMany',
	center: locator('1002'),
	startDate: '2026-11-19',
	endDate: '2026-11-19',
	returnAll: true,
	...extra,
});

test('an unknown level and status are passed through unchanged', async () => {
	const r = await run(sb, new ShoppingCenterAnomalies(), params());
	expect(r.status).toBe('success');
	expect(r.json.find((a) => a.id === id)).toMatchObject({ level: 'critical', status: 'escalated' });
});

test('a level filter the user chose still applies (the unknown level is not "high")', async () => {
	const r = await run(sb, new ShoppingCenterAnomalies(), params({ level: 'high' }));
	expect(r.status).toBe('success');
	expect(r.json.some((a) => a.id === id)).toBe(false);
	expect(r.json.every((a) => a.level === 'high')).toBe(true);
});
