/**
 * A deadline for the transport's waits: a caller with a time budget (the polling trigger under n8n's
 * poll budget) gives an absolute moment; no pacing wait, retry backoff, 429 wait or HTTP exchange goes
 * past it. What cannot finish in time fails with the deadline error, which the caller tells apart from
 * the API's own failures (the work is left for later, not lost).
 */
import { NodeOperationError, type INode } from 'n8n-workflow';

/** Thrown by the pacer when the window would open only after the deadline. */
export class PastDeadline extends Error {
	constructor() {
		super('past the deadline');
	}
}

const DEADLINE_CODE = 'deadline_reached';

export function deadlineError(node: INode, operation?: string): NodeOperationError {
	const error = new NodeOperationError(
		node,
		`The time budget ended before the request to ${operation ?? 'the API'} could finish; nothing was lost, the work is left for the next run.`,
	);
	error.context.code = DEADLINE_CODE;
	return error;
}

export function isDeadlineError(error: unknown): boolean {
	return (
		error instanceof NodeOperationError &&
		(error.context as { code?: unknown }).code === DEADLINE_CODE
	);
}
