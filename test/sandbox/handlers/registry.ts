/**
 * All route handlers in one table. The data routes (receipts, sales, anomalies, portal) come from the
 * data half's modules; a module that does not exist yet leaves its routes unanswered (501).
 */
import type { Handler, RouteName } from '../types';
import { handlers as directory } from './directory';
import { handlers as intake } from './intake';
import { handlers as traffic } from './traffic';

type HandlerTable = Partial<Record<RouteName, Handler>>;

function optionalModule(path: string): HandlerTable {
	try {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return (require(path) as { handlers?: HandlerTable }).handlers ?? {};
	} catch (e) {
		const err = e as NodeJS.ErrnoException;
		if (err.code === 'MODULE_NOT_FOUND' && err.message.includes(path.slice(2))) return {};
		throw e;
	}
}

export const HANDLERS: HandlerTable = {
	...directory,
	...traffic,
	...intake,
	...optionalModule('./receipts'),
	...optionalModule('./sales'),
	...optionalModule('./anomalies'),
	...optionalModule('./portal'),
};
