/**
 * An agent following the more_records note through a list denser than one answer: every list tool
 * takes an Offset, a cut answer gives next_offset, and the same call with it returns exactly the next
 * records (a busy day's receipts, newest-first tickets): none twice, none skipped. As a tool, Return All
 * fetches only what one answer shows plus the one record proving more exist. A bad Offset is an error
 * answer before any request. Against the sandbox's true sets and request log.
 */
import { asTool } from '../harness';
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { TOOL_PAGE } from '../../nodes/shared/tool/mode';
import type { Sandbox } from '../../sandbox';
import { locator, NOW, run, startTestSandbox, type Run } from '../helpers/action-run';
import { ticketsByCreated } from '../helpers/read-params';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const DAY = '2026-11-18';
const BUSY_DAY: INodeParameters = {
	resource: 'receipt',
	operation: 'export',
	center: locator('1002'),
	shop: locator('1002-01'),
	periodBy: 'created',
	createdStartDate: DAY,
	createdEndDate: DAY,
};
const TICKETS = ticketsByCreated(locator('1002'), '2026-01-01', '2026-11-20');
const MONTH: INodeParameters = { ...TICKETS, startDate: '2026-11-01' };
const note = (r: Run) => r.json.find((row) => row.more_records !== undefined);
const records = (r: Run) => r.json.filter((row) => row.more_records === undefined);

/** Calls the tool as a model following the notes; every answer's records and the requests of each call. */
async function follow(
	tool: ReturnType<typeof asTool>,
	params: INodeParameters,
	idOf: (r: Record<string, unknown>) => string,
	listRoute: string,
) {
	const ids: string[] = [];
	const calls: Array<{ offset: number; shown: number; requests: number }> = [];
	let offset = 0;
	for (let call = 0; call < 100; call++) {
		const r = await run(sb, tool, { ...params, offset });
		expect(r.error).toBeUndefined();
		const rows = records(r);
		ids.push(...rows.map(idOf));
		calls.push({
			offset,
			shown: rows.length,
			requests: r.requests.filter((e) => e.route === listRoute).length,
		});
		const more = note(r);
		if (!more) return { ids, calls };
		expect(more).toMatchObject({ more_records: true, offset, shown: rows.length });
		expect(more.note).toContain(`offset ${offset + rows.length}:`);
		offset = more.next_offset as number;
	}
	throw new Error('more than 100 answers');
}

describe('following the note through a list denser than one answer', () => {
	it('a busy day of receipts (Return All as a tool): every receipt of the day exactly once, in order', async () => {
		const truth = sb.store.truth(
			'receipts',
			{ sc_id: '1002', shop_id: '1002-01', start_created_date: DAY, end_created_date: DAY },
			new Date(NOW),
		);
		expect(truth.count).toBeGreaterThan(3 * TOOL_PAGE);
		const tool = asTool(new ShoppingCenterReceipts());
		const { ids, calls } = await follow(
			tool,
			{ ...BUSY_DAY, returnAll: true },
			(r) => String(r.id),
			'receipts',
		);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(truth.ids.map(String).sort());
		// the same order as the workflow's own export of the day
		const plain = await run(sb, new ShoppingCenterReceipts(), { ...BUSY_DAY, returnAll: true });
		expect(ids).toEqual(plain.json.map((r) => String(r.id)));
		// each answer: at most TOOL_PAGE records, one page of 1000 fetched (offset + TOOL_PAGE + 1 ≤ 1000)
		expect(calls.length).toBe(Math.ceil(truth.count / TOOL_PAGE));
		for (const c of calls) {
			expect(c.shown).toBeLessThanOrEqual(TOOL_PAGE);
			expect(c.requests).toBe(1);
		}
	});

	it('the same day with Limit 50: the note of the first answer leads to the 51st receipt, not the same 50', async () => {
		const tool = asTool(new ShoppingCenterReceipts());
		const first = await run(sb, tool, { ...BUSY_DAY, limit: 50 });
		const second = await run(sb, tool, {
			...BUSY_DAY,
			limit: 50,
			offset: note(first)!.next_offset as number,
		});
		const all = await run(sb, new ShoppingCenterReceipts(), { ...BUSY_DAY, limit: 100 });
		expect(records(first).map((r) => r.id)).toEqual(all.json.slice(0, 50).map((r) => r.id));
		expect(records(second).map((r) => r.id)).toEqual(all.json.slice(50, 100).map((r) => r.id));
	});

	it('tickets newest first, 7 an answer: the whole period once, in the workflow order', async () => {
		const tool = asTool(new ShoppingCenterPortal());
		const truth = sb.store.truth(
			'tickets',
			{ sc_id: '1002', start_date: '2026-11-01', end_date: '2026-11-20' },
			new Date(NOW),
		);
		expect(truth.count).toBeGreaterThan(7 * 3);
		expect(truth.count).toBeLessThan(7 * 60);
		const { ids } = await follow(
			tool,
			{ ...MONTH, limit: 7 },
			(t) => String(t.ticket_uid),
			'tickets',
		);
		const plain = await run(sb, new ShoppingCenterPortal(), { ...MONTH, returnAll: true });
		expect(ids).toEqual(plain.json.map((t) => String(t.ticket_uid)));
		expect(new Set(ids).size).toBe(truth.count);
	});

	it('an offset past the end: an answer saying so, no records', async () => {
		const r = await run(sb, asTool(new ShoppingCenterPortal()), {
			...TICKETS,
			startDate: '2026-11-18',
			limit: 5,
			offset: 100000,
		});
		expect(r.json).toEqual([
			expect.objectContaining({ more_records: false, shown: 0, offset: 100000 }),
		]);
	});
});

describe('Return All as a tool stops once the answer is full', () => {
	it('tickets: one page of 100 holds the answer and the record proving more; a workflow reads them all', async () => {
		const truth = sb.store.truth(
			'tickets',
			{ sc_id: '1002', start_date: '2026-01-01', end_date: '2026-11-20' },
			new Date(NOW),
		);
		expect(truth.count).toBeGreaterThan(200);
		const tool = await run(sb, asTool(new ShoppingCenterPortal()), { ...TICKETS, returnAll: true });
		const ticketRequests = (r: Run) => r.requests.filter((e) => e.route === 'tickets').length;
		expect(records(tool).length).toBeLessThanOrEqual(TOOL_PAGE);
		expect(note(tool)).toMatchObject({ at_least: TOOL_PAGE + 1 });
		expect(ticketRequests(tool)).toBe(1);
		const plain = await run(sb, new ShoppingCenterPortal(), { ...TICKETS, returnAll: true });
		expect(plain.json).toHaveLength(truth.count);
		expect(ticketRequests(plain)).toBeGreaterThanOrEqual(Math.ceil(truth.count / 100));
	});
});

describe('a bad Offset is an error answer before any request', () => {
	it.each([[-1], [1.5], ['later'], [{ page: 2 }]])('offset %j', async (offset) => {
		const r = await run(sb, asTool(new ShoppingCenterPortal()), { ...TICKETS, limit: 5, offset });
		expect(r.json).toHaveLength(1);
		expect(r.json[0].error).toMatch(/^Offset: .* is not a whole number of at least 0/);
		expect(r.requests).toEqual([]);
	});
});
