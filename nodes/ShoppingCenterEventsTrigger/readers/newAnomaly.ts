/**
 * New Anomaly's reader and its Filters field: anomaly dates from (the day of the center's last read −
 * Lookback) through today; each anomaly ID is emitted once. An anomaly found late (its date days before
 * created_at) is in the window as long as it was found at most Lookback days after its date. One value
 * of a filter goes to the API (fewer rows); several are applied here.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../../shared/allowedValues';
import { idList, wordList } from '../../shared/input';
import type { EncodableRecord } from '../../shared/transport';
import { recordListReader } from './recordList';
import type { ReaderFactory } from '../types';

export const newAnomalyReader: ReaderFactory = (ctx) => {
	const filters = (ctx.getNodeParameter('filters', {}) as IDataObject) ?? {};
	const levels = wordList(ctx, filters.levels, 'Levels', undefined, ANOMALY_LEVELS.values);
	const statuses = wordList(ctx, filters.statuses, 'Statuses', undefined, ANOMALY_STATUSES.values);
	const shopIds = idList(ctx, filters.shopIds, 'Shop IDs');
	return recordListReader({
		route: 'listAnomalies',
		operation: 'list anomalies',
		key: 'id',
		windowField: 'date',
		maxSpanDays: 366,
		query(run, start, end) {
			const query: EncodableRecord = { start_date: start, end_date: end };
			if (levels.length === 1) query.level = levels[0];
			if (statuses.length === 1) query.status = statuses[0];
			// a shop belongs to one center: with several centers the API would answer 404 for the others
			if (shopIds.length === 1 && run.singleCenter) query.shop_id = shopIds[0];
			return query;
		},
		keep: (_run, rows) =>
			rows.filter(
				(r) =>
					(levels.length === 0 || levels.includes(String(r.level))) &&
					(statuses.length === 0 || statuses.includes(String(r.status))) &&
					(shopIds.length === 0 || shopIds.includes(String(r.shop_id))),
			),
	});
};

export const anomalyFields: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { event: ['newAnomaly'] } },
		options: [
			{
				displayName: 'Levels',
				name: 'levels',
				type: 'multiOptions',
				options: ANOMALY_LEVELS.options,
				default: [],
				description: 'Only anomalies of these levels (anomalies without a level never match)',
			},
			{
				displayName: 'Shop IDs',
				name: 'shopIds',
				type: 'string',
				default: '',
				placeholder: '1002-01, 1002-04',
				description:
					'Only anomalies of these shops (comma-separated shop IDs); center-wide anomalies never match',
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: ANOMALY_STATUSES.options,
				default: [],
				description: 'Only anomalies in these statuses when a poll first sees them',
			},
		],
	},
];
