/**
 * Check-only runs of a writing operation: while a context is checking, the first request that would
 * write (a POST of the route table) is not sent; it ends the run with a RequestChecked signal that
 * carries the request as built. Reads (the center list for a time zone) still go out. An upload uses
 * it to run every row's own checks before the first row is written (../upload.ts).
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import { ROUTES, type RouteKey } from './routes';
import type { RequestInput } from './requestInput';

const checking = new WeakSet<object>();

/** The request a checked row would send; thrown instead of sending it. */
export class RequestChecked extends NodeOperationError {
	constructor(
		node: INode,
		readonly route: RouteKey,
		readonly input: RequestInput,
	) {
		super(node, 'checked, not sent', { itemIndex: input.itemIndex });
	}
}

/** Runs fn with ctx checking: its first writing request throws RequestChecked instead of going out. */
export async function checkOnly<T>(ctx: object, fn: () => Promise<T>): Promise<T> {
	checking.add(ctx);
	try {
		return await fn();
	} finally {
		checking.delete(ctx);
	}
}

/** Called by apiRequest once the request is built: stops a writing request of a checking context. */
export function stopIfChecking(
	ctx: { getNode(): INode },
	route: RouteKey,
	input: RequestInput,
): void {
	if (checking.has(ctx) && ROUTES[route].method === 'POST' && route !== 'token')
		throw new RequestChecked(ctx.getNode(), route, input);
}
