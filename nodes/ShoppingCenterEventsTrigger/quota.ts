/**
 * A center's day spent by another client, as the trigger tells it: the moment its budget is back, read
 * off the transport's error (a 429 whose Retry-After, or a window closed by an earlier one, lies past
 * what a request may wait), and the error given to n8n with n8n-workflow's failure cause for an
 * exhausted quota and the moment it resets (n8n 2.x's scheduler reads `failure` as plain data; n8n 1.x
 * ignores it).
 */
import type { INode, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { asNodeError } from '../shared/transport';

/** When the center's budget is back (epoch ms), for an error that says it is spent; else undefined. */
export function budgetSpentUntil(error: unknown): number | undefined {
	const context = (error as { context?: { budgetBackAtMs?: unknown } } | null)?.context;
	const at = context?.budgetBackAtMs;
	return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/** The node's error with the failure cause `quota-exhausted` and when it resets. */
export function withQuotaCause(
	node: INode,
	error: unknown,
	until: number,
	now = Date.now(),
): NodeApiError | NodeOperationError {
	const e = asNodeError(node, error);
	Object.assign(e, {
		failure: {
			cause: 'quota-exhausted',
			retryAfterMs: Math.max(until - now, 0),
			resetsAtEpochMs: until,
		},
	});
	return e;
}
