/**
 * Shared by the Shopping Center Portal tests (portal, portal-passes): the node, the sandbox of each
 * test file with the true ticket numbers of a BASIC and a PRO center, the sandbox's truth and the
 * parameter builders. Each test file calls usePortalSandbox() once to register its own hooks.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import type { Sandbox } from '../../sandbox';
import type { TruthQuery } from '../../sandbox/data/store';
import { locator, NOW, ofRoute, q, qList, startTestSandbox } from './action-run';

export const node = new ShoppingCenterPortal();

/** The file's sandbox, and the true ticket numbers of center 1001 (BASIC) and 1002 (PRO) in it. */
export let sb: Sandbox;
export let basicUids: string[];
export let proUids: string[];

/** Registers the calling test file's hooks: its own sandbox, started before and closed after its tests. */
export function usePortalSandbox(): void {
	beforeAll(async () => {
		sb = await startTestSandbox();
	});
	afterAll(async () => {
		await sb.close();
	});
	beforeAll(() => {
		basicUids = truth('tickets', {
			sc_id: '1001',
			start_created_date: '2025-01-01',
			end_created_date: '2026-11-20',
		});
		proUids = truth('tickets', {
			sc_id: '1002',
			start_created_date: '2025-01-01',
			end_created_date: '2026-11-20',
		});
		expect(basicUids.length).toBeGreaterThan(600);
		expect(proUids.length).toBeGreaterThan(600);
	});
}

export function truth(kind: 'tickets' | 'passes', query: TruthQuery): string[] {
	return sb.store.truth(kind, query, new Date(NOW)).ids;
}

export function tickets(scId: string, extra: INodeParameters): INodeParameters {
	return { resource: 'ticket', operation: 'getMany', center: locator(scId), ...extra };
}

export function passes(scId: string, extra: INodeParameters): INodeParameters {
	return { resource: 'pass', operation: 'getMany', center: locator(scId), ...extra };
}

export const ticketIds = (rows: Array<Record<string, unknown>>) =>
	rows.map((r) => String(r.ticket_uid));
export const passIds = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(r.id));

/** Distinct batches of ticket numbers a walk sent (first pages only). */
export function batches(requests: ReturnType<typeof ofRoute>): number[] {
	return requests.filter((e) => q(e, 'page') === '1').map((e) => qList(e, 'ticket_uids').length);
}
