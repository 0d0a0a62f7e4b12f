/**
 * The trigger's panel, as the editor shows it: for every event a notice saying what a read costs, what
 * a day costs at n8n's Poll Times default (every minute) and what the Day Budget Share caps it at, and
 * hints under the fields like the action nodes have (every field of New Receipt). The Poll Times field itself is n8n's: its loader
 * puts it first with its own default, which is checked here too (so the notice stays true).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import path from 'node:path';
import type { INodeProperties } from 'n8n-workflow';
import { PackageDirectoryLoader } from 'n8n-core';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';

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
			const day =
				event === 'newReceipt'
					? /100 shops every minute.*≈ 144,000 requests a day/
					: /≈ 1,440 requests a day at Poll Times' default \(every minute\)/;
			expect(text).toMatch(day);
			// what is read follows activity, and the share is one ceiling for the center's triggers together
			expect(text).toMatch(/every second poll, a quiet one .* less and less often/);
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
		const loader = new PackageDirectoryLoader(path.resolve(__dirname, '..', '..'));
		await loader.loadAll();
		const loaded = loader.nodeTypes.shoppingCenterEventsTrigger.type as {
			description: { properties: INodeProperties[] };
		};
		const first = loaded.description.properties[0];
		expect(first.name).toBe('pollTimes');
		expect(first.default).toEqual({ item: [{ mode: 'everyMinute' }] });
	});
});
