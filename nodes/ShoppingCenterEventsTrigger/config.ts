/**
 * The trigger's fields read and checked before any request (the input layer's readers, with the
 * poll's own context): event, centers, lookback, first-poll behaviour, anomaly filters.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../shared/allowedValues';
import { choiceOf, fail, idList, wholeNumberIn, wordList } from '../shared/input';
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

function problem(ctx: IPollFunctions, field: string, text: string): never {
	fail(ctx, undefined, field, text);
}

export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const event = choiceOf(
		ctx,
		ctx.getNodeParameter('event', 'newTicket'),
		'Event',
		undefined,
		EVENT_NAMES,
		'newTicket',
	);
	const scope = choiceOf(
		ctx,
		ctx.getNodeParameter('centerScope', 'all'),
		'Centers',
		undefined,
		['all', 'selected'] as const,
		'all',
	);
	const centerIds =
		scope === 'selected'
			? idList(ctx, ctx.getNodeParameter('centerIds', []), 'Center Names or IDs')
			: [];
	if (scope === 'selected' && centerIds.length === 0)
		problem(ctx, 'Center Names or IDs', 'choose at least one center');
	const lookbackDays = wholeNumberIn(
		ctx,
		ctx.getNodeParameter('lookbackDays', EVENTS[event].lookbackDays),
		'Lookback (Days)',
		undefined,
		0,
		EVENTS[event].maxLookbackDays,
	);
	const firstPoll = choiceOf(
		ctx,
		ctx.getNodeParameter('firstPoll', 'remember'),
		'On First Poll',
		undefined,
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
