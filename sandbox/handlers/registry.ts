/**
 * All route handlers in one table: the server half (directory, traffic, intake) and the data half
 * (receipts, sales, anomalies, portal). The token route is answered by server/auth.ts, not by a handler.
 */
import type { RouteName } from '../core/types';
import type { Handler } from './context';
import { handlers as anomalies } from './anomalies';
import { handlers as directory } from './directory';
import { handlers as intake } from './intake';
import { handlers as portal } from './portal';
import { handlers as receipts } from './receipts';
import { handlers as sales } from './sales';
import { handlers as traffic } from './traffic';

export const HANDLERS: Partial<Record<RouteName, Handler>> = {
	...directory,
	...traffic,
	...intake,
	...receipts,
	...sales,
	...anomalies,
	...portal,
};
