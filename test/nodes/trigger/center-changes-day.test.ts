/**
 * Center Changes over a center's day (docs/replica.md, "A center's day in numbers"): its default five
 * tables (shops, daily sales, monthly, tickets, zones), every default, a poll every 5 minutes for 24 hours after the
 * baselines, through n8n-core's PollContext against the sandbox (time from its clock): a shop's daily
 * rows once per bound hour (every read covering the Lookback days), its monthly rows at most as often,
 * the directory and the zones every 4 hours; the day far below re-reading every table at every poll.
 * Prints the figures the docs quote.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DAY_SMALL_CENTER } from '../../../sandbox/fixtures/centers';
import { requestsSince } from '../../helpers/center-changes';
import { dayCredentials } from '../../helpers/sandboxCredentials';
import { lastSeq, ok, PRO, sandbox, sb, useTriggerSandbox } from '../../helpers/trigger-setup';

useTriggerSandbox();

const MIN = 60_000;
const POLLS = (24 * 60) / 5;

test.each([
	[PRO, 11],
	[DAY_SMALL_CENTER, 30],
])(
	'center %s (%i shops): a day of polls every 5 minutes costs one daily read a shop an hour, its monthly at most as often, the directory every 4 hours',
	async (sc, shops) => {
		await sandbox({ now: '2026-11-19T18:00:00Z' });
		const credentials = sc === PRO ? undefined : dayCredentials(sb.baseUrl);
		const p: INodeParameters = {
			event: 'centerChanges',
			centerScope: 'selected',
			centerIds: [sc],
		};
		let state: IDataObject = (await ok(p, { credentials })).staticData;
		const step = async () => {
			sb.clock.advance(5 * MIN);
			state = (await ok(p, { staticData: state, credentials })).staticData;
		};
		// the baselines: the directory and the tickets, then every shop's tables
		for (let i = 0; i < 3; i++) await step();
		const seq = lastSeq();
		for (let i = 0; i < POLLS; i++) await step();
		const r = requestsSince(seq);
		const daily = r['sales.daily'] ?? 0;
		const monthly = r['sales.monthly'] ?? 0;
		expect(daily).toBeGreaterThanOrEqual(shops * 23);
		expect(daily).toBeLessThanOrEqual(shops * 25);
		expect(monthly).toBeLessThanOrEqual(daily);
		expect(r.shops).toBeLessThanOrEqual(7);
		expect(r.zones).toBeLessThanOrEqual(7);
		const tables = daily + monthly + (r.shops ?? 0) + (r.tickets ?? 0) + (r.zones ?? 0);
		expect(tables).toBeLessThanOrEqual(0.1 * (2 * shops + 3) * POLLS);
		process.stdout.write(
			`center ${sc}, ${shops} shops, a day at 5-minute polls: daily_sales ${daily}, monthly ${monthly}, shops ${r.shops}, tickets ${r.tickets}, zones ${r.zones}: ${tables} (re-reading every table at every poll ${(2 * shops + 3) * POLLS}); the trigger's center list ${r.centers ?? 0}\n`,
		);
	},
	600_000,
);
