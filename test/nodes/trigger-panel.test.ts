/**
 * The trigger's panel, as the editor shows it: for every event a notice saying what a poll costs per
 * center and what n8n's Poll Times default (every minute) means against a center's day budget, and
 * hints under the fields like the action nodes have. The Poll Times field itself is n8n's: its loader
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
		'%s: a notice with the requests per center and the Poll Times budget',
		(event) => {
			const notices = shownFor(event).filter((p) => p.type === 'notice');
			expect(notices.length).toBeGreaterThan(0);
			const text = notices.map((p) => p.displayName).join(' ');
			expect(text).toMatch(/requests/);
			expect(text).toMatch(/\/ (100|500|1000)⌉/);
			if (event !== 'newReceipt')
				expect(text).toMatch(/Poll Times.*every minute.*1,440 polls a day/);
		},
	);

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
