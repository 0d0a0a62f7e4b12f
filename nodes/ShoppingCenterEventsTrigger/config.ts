/**
 * The trigger's common fields read and checked before any request (the input layer's readers, with
 * the poll's own context): event, centers, lookback, first-poll behaviour, the day budget share and
 * the quiet bound. An event's own fields are read by its reader (events.ts → readers/).
 */
import type { IPollFunctions } from 'n8n-workflow';
import { fail, idList, readPollChoice, wholeNumberIn } from '../shared/input';
import { DEFAULT_SHARE, EVENT_NAMES, EVENTS } from './events';
import type { TriggerConfig } from './types';

export type { TriggerConfig };

/** The bounds of Read Quiet Shops at Least Every (minutes). */
export const QUIET_WAIT_MINUTES = { default: 60, min: 1, max: 1440 };

export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const event = readPollChoice(ctx, 'event', 'Event', EVENT_NAMES, 'newTicket');
	const def = EVENTS[event];
	const scope = readPollChoice(ctx, 'centerScope', 'Centers', ['all', 'selected'] as const, 'all');
	const centerIds =
		scope === 'selected'
			? idList(ctx, ctx.getNodeParameter('centerIds', []), 'Center Names or IDs')
			: [];
	if (scope === 'selected' && centerIds.length === 0)
		fail(ctx, undefined, 'Center Names or IDs', 'choose at least one center');
	const lookbackDays = wholeNumberIn(
		ctx,
		ctx.getNodeParameter('lookbackDays', def.lookback.default),
		'Lookback (Days)',
		undefined,
		0,
		def.lookback.max,
	);
	const firstPoll = readPollChoice(
		ctx,
		'firstPoll',
		'On First Poll',
		['remember', 'emitAll'] as const,
		'remember',
	);
	const dayBudgetShare = wholeNumberIn(
		ctx,
		ctx.getNodeParameter('dayBudgetShare', DEFAULT_SHARE),
		'Day Budget Share (%)',
		undefined,
		1,
		100,
	);
	const quiet = wholeNumberIn(
		ctx,
		ctx.getNodeParameter('quietMaxWaitMinutes', QUIET_WAIT_MINUTES.default),
		`Read Quiet ${def.unit.Many} at Least Every (Minutes)`,
		undefined,
		QUIET_WAIT_MINUTES.min,
		QUIET_WAIT_MINUTES.max,
	);
	return {
		event,
		scope,
		centerIds,
		lookbackDays,
		firstPoll,
		dayBudgetShare,
		quietMaxWaitMs: quiet * 60_000,
	};
}
