/**
 * The shape of error.details, an open question of the spec ("Structure of error.details: not shown").
 * The handlers build an object naming the field ({field, ...}); the option renders the same facts in
 * the other shapes a real API may use, so the client is tested against each.
 */
import type { ApiError } from '../core/types';

export type DetailsShape = 'object' | 'messages' | 'strings' | 'list' | 'text' | 'none';

export function reshapeDetails(e: ApiError, shape: DetailsShape | undefined): ApiError {
	if (!shape || shape === 'object') return e;
	const d = e.details as Record<string, unknown> | null;
	const field = d && typeof d.field === 'string' ? d.field : undefined;
	const extra = d
		? Object.entries(d)
				.filter(([k]) => k !== 'field' && k !== 'fields')
				.map(([k, v]) => `${k}=${JSON.stringify(v)}`)
		: [];
	const words = [e.message.replace(/\.$/, ''), ...extra].join('; ');
	if (shape === 'none') e.details = null;
	else if (shape === 'text') e.details = field ? `${field}: ${words}` : words;
	else if (!field) e.details = shape === 'list' ? [{ message: words }] : d;
	else if (shape === 'messages') e.details = { [field]: [words] };
	else if (shape === 'strings') e.details = { [field]: words };
	else e.details = [{ field, message: words }];
	return e;
}
