/**
 * The trigger's fields read and checked before any request (the input layer's readers, with the
 * poll's own context): event, centers, lookback, first-poll behaviour, anomaly filters.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../shared/allowedValues';
import { fail, idList, readPollChoice, wholeNumberIn, wordList } from '../shared/input';
import { EVENT_NAMES, EVENTS, type TriggerEvent } from './events';

export interface TriggerConfig {
	event: TriggerEvent;
	scope: 'all' | 'selected';
	centerIds: string[];
	lookbackDays: number;
	firstPoll: 'remember' | 'emitAll';
	levels: string[];
	statuses: string[];
	shopIds: string[];
}

export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const event = readPollChoice(ctx, 'event', 'Event', EVENT_NAMES, 'newTicket');
	const scope = readPollChoice(ctx, 'centerScope', 'Centers', ['all', 'selected'] as const, 'all');
	const centerIds =
		scope === 'selected'
			? idList(ctx, ctx.getNodeParameter('centerIds', []), 'Center Names or IDs')
			: [];
	if (scope === 'selected' && centerIds.length === 0)
		fail(ctx, undefined, 'Center Names or IDs', 'choose at least one center');
	const lookbackDays = wholeNumberIn(
		ctx,
		ctx.getNodeParameter('lookbackDays', EVENTS[event].lookbackDays),
		'Lookback (Days)',
		undefined,
		0,
		EVENTS[event].maxLookbackDays,
	);
	const firstPoll = readPollChoice(
		ctx,
		'firstPoll',
		'On First Poll',
		['remember', 'emitAll'] as const,
		'remember',
	);
	const filters =
		event === 'newAnomaly' ? ((ctx.getNodeParameter('filters', {}) as IDataObject) ?? {}) : {};
	return {
		event,
		scope,
		centerIds,
		lookbackDays,
		firstPoll,
		levels: wordList(ctx, filters.levels, 'Levels', undefined, ANOMALY_LEVELS.values),
		statuses: wordList(ctx, filters.statuses, 'Statuses', undefined, ANOMALY_STATUSES.values),
		shopIds: idList(ctx, filters.shopIds, 'Shop IDs'),
	};
}
