/**
 * New Pass's reader: passes created from (the day of the center's last read − Lookback) through today;
 * each pass id is emitted once.
 */
import { recordListReader, createdQuery } from './recordList';
import type { ReaderFactory } from '../types';

export const newPassReader: ReaderFactory = () =>
	recordListReader({
		route: 'listPasses',
		operation: 'list passes',
		key: 'id',
		query: createdQuery,
		windowField: 'created_at',
	});
