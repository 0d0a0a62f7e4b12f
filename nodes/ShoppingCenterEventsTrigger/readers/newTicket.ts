/**
 * New Ticket's reader: tickets created from (the day of the center's last read − Lookback) through
 * today; each ticket_uid is emitted once.
 */
import { recordListReader, createdQuery } from './recordList';
import type { ReaderFactory } from '../types';

export const newTicketReader: ReaderFactory = () =>
	recordListReader({
		route: 'listTickets',
		operation: 'list tickets',
		key: 'ticket_uid',
		query: createdQuery,
		windowField: 'created_at',
	});
