/**
 * What one API request is asked with (request.ts sends it; checkOnly.ts hands it back unsent): apart
 * from both, so that neither imports the other for it.
 */
import type { EncodableRecord } from './encoding';
import type { RetryPolicy } from './retry';
import type { PathParams } from './routes';

export interface RequestInput {
	params?: PathParams;
	query?: EncodableRecord;
	body?: EncodableRecord;
	itemIndex?: number;
	/** in words, for error messages: "export receipts" */
	operation?: string;
	retry?: Partial<RetryPolicy>;
	/**
	 * Epoch ms no wait or exchange of this request goes past (the polling trigger's budget): what would
	 * have to wait longer fails with the deadline error (isDeadlineError) instead.
	 */
	deadlineMs?: number;
	/** counts every exchange sent for this input, retries included (the trigger's day budget) */
	counter?: RequestCounter;
}

/** What a caller counts of the requests it sends (each exchange with the API, whatever its answer). */
export interface RequestCounter {
	sent: number;
}
