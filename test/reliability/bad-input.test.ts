/**
 * Bad input for EVERY operation of every action node, through n8n-core's engine (test/harness) against
 * one shared sandbox. The table (test/helpers/reliability/bad-values.ts × operations.ts) mutates one field of
 * values the node accepts (a control run proves they are accepted) and expects, for every case:
 * - a NodeOperationError whose message starts with the field's label and names the row, 1-based
 *   ("[row N+1 of M]"; an Intake upload adds the row's key: "[row N+1 of M: …]");
 * - a short message (a 10k-character value is not echoed back);
 * - NO request at all with cold caches (token, center list, plans forgotten before every case), except
 *   for the cases marked `lookup` (they need the center's time zone): only the token call and GET /sc.
 * With "Continue On Fail" every case of an operation is one input item of a single run: each item's
 * error names its own index, and the run makes no request.
 *
 * Values the table does NOT call bad (its own decisions) are in bad-input-decisions.test.ts; values the
 * nodes accept although the table calls them bad (known node gaps) in bad-input-gaps.test.ts; broken
 * API answers through the nodes in bad-input-malformed.test.ts.
 */
import type { IDataObject, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { ShoppingCenter } from '../../nodes/ShoppingCenter/ShoppingCenter.node';
import { ShoppingCenterAnomalies } from '../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { operationsOf, type ResourceModule } from '../../nodes/shared/actions';
import { sb, useSandbox } from '../helpers/sandbox';
import {
	casesOf,
	itemsOf,
	OPERATIONS,
	type BadCase,
	type OpSpec,
} from '../helpers/reliability/operations';
import {
	ACTION_NODES,
	describeRequests,
	LOOKUP_ROUTES,
	NOW,
	resetCaches,
	runOn,
	type ActionNodeName,
	type CaseRun,
} from '../helpers/reliability/run';

useSandbox({ now: NOW, rateLimits: false });

const RESOURCES: Record<ActionNodeName, Record<string, ResourceModule>> = {
	ShoppingCenter: ShoppingCenter.resources,
	ShoppingCenterRevenue: ShoppingCenterRevenue.resources,
	ShoppingCenterReceipts: ShoppingCenterReceipts.resources,
	ShoppingCenterAttendance: ShoppingCenterAttendance.resources,
	ShoppingCenterPortal: ShoppingCenterPortal.resources,
	ShoppingCenterAnomalies: ShoppingCenterAnomalies.resources,
	ShoppingCenterIntake: ShoppingCenterIntake.resources,
};

const nodes = new Map<ActionNodeName, INodeType>();
function nodeOf(name: ActionNodeName): INodeType {
	if (!nodes.has(name)) nodes.set(name, ACTION_NODES[name]());
	return nodes.get(name)!;
}

const shownOnlyAsTool = (p: INodeProperties) =>
	(p.displayOptions?.show as Record<string, unknown[]> | undefined)?.['@tool']?.includes(true) ===
		true && p.name === 'offset';

function parametersOf(op: OpSpec, c?: BadCase): INodeParameters {
	return { resource: op.resource, operation: op.operation, ...op.parameters, ...(c?.params ?? {}) };
}

async function runCase(op: OpSpec, c: BadCase, continueOnFail = false): Promise<CaseRun> {
	resetCaches();
	sb.clock.set(c.now ?? NOW);
	return await runOn(sb, nodeOf(op.node), parametersOf(op, c), {
		inputItems: itemsOf(op, c).map((json) => ({ json })),
		now: c.now ?? NOW,
		continueOnFail,
	});
}

const LONG_ECHO = 'x'.repeat(1000);

/** Why a refused case does not meet the table's expectation (undefined when it does). */
/**
 * How a message names its row: 1-based, "[row N+1 of M]" (an upload, Intake, adds the row's key:
 * "[row N+1 of M: shop …, month …]"), never n8n's 0-based "[item N]".
 */
function rowTag(itemIndex: number): string {
	return `[row ${itemIndex + 1} of `;
}

function problemOf(op: OpSpec, c: BadCase, r: CaseRun, itemIndex: number): string | undefined {
	const requestsOk = c.lookup
		? r.requests.every((e) => LOOKUP_ROUTES.has(e.route ?? ''))
		: r.requests.length === 0;
	if (!requestsOk)
		return `requests: ${describeRequests(r.requests)}${r.error ? ` (error: ${r.error.message})` : ' (no error)'}`;
	const e = r.error as (Error & { name?: string; context?: IDataObject }) | undefined;
	if (!e) return `accepted: ${JSON.stringify(r.json).slice(0, 200)}`;
	const message = String(e.message);
	if (e.name !== 'NodeOperationError') return `${e.name}: ${message.slice(0, 200)}`;
	if (!message.startsWith(`${c.label}: `))
		return `message does not start with "${c.label}: ": ${message.slice(0, 200)}`;
	if (!message.includes(rowTag(itemIndex)))
		return `message does not name item ${itemIndex}: ${message.slice(0, 200)}`;
	// the message counts rows from 1 and the error carries no item index (n8n's editor would append
	// " [item N]", counted from 0, to the message)
	if (e.context?.itemIndex !== undefined)
		return `context.itemIndex is ${String(e.context?.itemIndex)}, not undefined`;
	if (message.length > 400) return `message of ${message.length} characters`;
	// (the error's `node` carries the workflow's own parameters, a literal 10k value included: not an echo)
	if (`${message} ${String((e as { description?: unknown }).description)}`.includes(LONG_ECHO))
		return 'the error echoes the 10k-character value';
	return undefined;
}

const failures = (list: Array<[string, string | undefined]>) =>
	list.filter(([, p]) => p !== undefined).map(([t, p]) => `${t} → ${p}`);

describe('the table covers every operation of every action node', () => {
	it('every resource/operation of each node has a spec, and every spec is a real operation', () => {
		const real = Object.entries(RESOURCES).flatMap(([node, resources]) =>
			operationsOf(resources).map(([resource, op]) => `${node} ${resource}.${op}`),
		);
		const specced = new Set(OPERATIONS.map((o) => `${o.node} ${o.resource}.${o.operation}`));
		expect(real.length).toBe(16);
		expect(real.filter((r) => !specced.has(r))).toEqual([]);
		expect([...specced].filter((s) => !real.includes(s))).toEqual([]);
	});

	it('every field an operation shows is in the table, or set aside with a reason', () => {
		const missing: string[] = [];
		for (const key of new Set(OPERATIONS.map((o) => `${o.node}|${o.resource}|${o.operation}`))) {
			const [node, resource, operation] = key.split('|') as [ActionNodeName, string, string];
			const specs = OPERATIONS.filter(
				(o) => o.node === node && o.resource === resource && o.operation === operation,
			);
			const covered = new Set<string>();
			for (const s of specs) {
				s.fields.forEach((f) => covered.add(f.name));
				Object.keys(s.untabled ?? {}).forEach((n) => covered.add(n));
				for (const c of s.extra ?? [])
					Object.keys({ ...(c.p ?? {}), ...(c.params ?? {}) }).forEach((n) => covered.add(n));
			}
			const shown = (nodeOf(node).description.properties as INodeProperties[]).filter((p) => {
				const show = p.displayOptions?.show;
				return show?.resource?.includes(resource) && show?.operation?.includes(operation);
			});
			for (const p of shown) {
				// a notice is text in the panel, not an input
				if (p.type === 'notice') continue;
				// a field shown only to an AI tool (Offset) is read only as a tool: test/nodes/tool-continuation.test.ts
				if (shownOnlyAsTool(p)) continue;
				const names =
					p.type === 'collection'
						? (p.options as INodeProperties[]).map((o) => `${p.name}.${o.name}`)
						: [p.name];
				for (const n of names)
					if (!covered.has(n) && !covered.has(n.split('.')[0]))
						missing.push(`${node} ${resource}.${operation}: ${n}`);
			}
		}
		expect(missing).toEqual([]);
	});
});

describe.each(OPERATIONS.map((op) => [op.id, op] as const))('%s', (_id, op) => {
	const cases = casesOf(op);

	it('control: the values the table starts from are accepted', async () => {
		const r = await runCase(op, {
			title: 'control',
			label: '',
			...(op.controlItems ? { items: op.controlItems } : {}),
		});
		expect(r.error).toBeUndefined();
		expect(r.json.length).toBeGreaterThanOrEqual(op.controlMinItems ?? 1);
		expect(r.requests.filter((e) => e.route !== 'token').length).toBeGreaterThan(0);
	});

	it(`refuses each of its ${cases.length} bad cases before any request, naming the field and the item`, async () => {
		expect(cases.length).toBeGreaterThan(0);
		const results: Array<[string, string | undefined]> = [];
		for (const c of cases) {
			let r: CaseRun;
			try {
				r = await runCase(op, c);
			} catch (error) {
				results.push([
					c.title,
					`the run threw ${(error as Error).name}: ${(error as Error).message}`,
				]);
				continue;
			}
			results.push([c.title, problemOf(op, c, r, c.itemIndex ?? 0)]);
		}
		expect(failures(results)).toEqual([]);
	});

	if (op.multiItem !== false) {
		it('Continue On Fail: every bad case as one item of one run; each error item names its own item, no request', async () => {
			const groups = new Map<string, BadCase[]>();
			for (const c of cases) {
				const key = JSON.stringify([c.now ?? NOW, c.params ?? {}]);
				groups.set(key, [...(groups.get(key) ?? []), c]);
			}
			const problems: string[] = [];
			for (const group of groups.values()) {
				resetCaches();
				const now = group[0].now ?? NOW;
				const r = await runOn(sb, nodeOf(op.node), parametersOf(op, group[0]), {
					inputItems: group.flatMap((c) => itemsOf(op, c)).map((json) => ({ json })),
					continueOnFail: true,
					now,
				});
				const lookup = group.some((c) => c.lookup);
				if (
					lookup
						? !r.requests.every((e) => LOOKUP_ROUTES.has(e.route ?? ''))
						: r.requests.length > 0
				)
					problems.push(`requests: ${describeRequests(r.requests)}`);
				if (r.error) problems.push(`the run failed: ${r.error.message}`);
				if (r.json.length !== group.length)
					problems.push(`${r.json.length} output items for ${group.length} input items`);
				(r.items[0] ?? []).slice(0, group.length).forEach((out, i) => {
					const c = group[i];
					const message = String(out.json.error ?? '');
					const paired = out.pairedItem as { item: number } | undefined;
					if (!message.startsWith(`${c.label}: `) || !message.includes(rowTag(i)))
						problems.push(
							`${c.title} (item ${i}): ${message.slice(0, 160) || JSON.stringify(out.json).slice(0, 160)}`,
						);
					if (out.json.code !== undefined || out.json.httpCode !== undefined)
						problems.push(`${c.title} (item ${i}): carries an API code`);
					if (paired?.item !== i)
						problems.push(`${c.title} (item ${i}): paired with ${JSON.stringify(out.pairedItem)}`);
				});
			}
			expect(problems).toEqual([]);
		});
	}
});
